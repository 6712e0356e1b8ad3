import { useMemo, useState } from 'react';
import { Input, NativeSelect } from '../../../components/ui/input';
import { timeZoneList } from '../../../lib/time-zones';

/** A time zone picker: a search box narrowing the browser's list of IANA zones. */
export function TimezoneInput({
  value,
  onChange,
  disabled,
  ...control
}: {
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const zones = useMemo(timeZoneList, []);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const words = search.toLowerCase().replace(/\s+/g, '_');
    const matching = words ? zones.filter((zone) => zone.toLowerCase().includes(words)) : zones;
    // The chosen zone stays selectable whatever the search.
    return value && !matching.includes(value) ? [value, ...matching] : matching;
  }, [zones, search, value]);
  return (
    <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-1.5">
      <Input
        type="search"
        aria-label="Search time zones"
        placeholder="Search…"
        value={search}
        disabled={disabled}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          // Enter picks the first match.
          if (event.key === 'Enter' && shown[0]) {
            event.preventDefault();
            const first = shown.find((zone) => zone !== value || shown.length === 1);
            if (first) onChange(first);
          }
        }}
      />
      <NativeSelect
        {...control}
        className="w-full"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {shown.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replace(/_/g, ' ')}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
