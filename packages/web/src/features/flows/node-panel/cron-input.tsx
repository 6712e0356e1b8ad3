import { useMemo } from 'react';
import { Input } from '../../../components/ui/input';
import { isTimeZone } from '../../../lib/time-zones';
import { explainCron, nextFireTimes, parseCron } from './cron';

const PREVIEW_COUNT = 5;

type Preview = { kind: 'error'; error: string } | { kind: 'ok'; parts: [string, string][]; next: Date[] };

/** A cron expression box with what it means and when it fires next in the chosen time zone. */
export function CronInput({
  value,
  timeZone,
  onChange,
  disabled,
  placeholder,
  ...control
}: {
  value: string;
  timeZone: string;
  onChange(value: string): void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const preview = useMemo((): Preview | null => {
    if (!value.trim()) return null;
    const parsed = parseCron(value);
    if (!parsed.ok) return { kind: 'error', error: parsed.error };
    return {
      kind: 'ok',
      parts: explainCron(parsed.schedule),
      next: nextFireTimes(value, { from: new Date(), count: PREVIEW_COUNT, timeZone: zone }),
    };
  }, [value, zone]);
  const format = useMemo(
    () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }),
    [zone],
  );

  return (
    <div className="grid gap-2">
      <Input
        {...control}
        className="font-mono"
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
      {preview?.kind === 'error' && <p className="text-[13px] text-destructive">{preview.error}</p>}
      {preview?.kind === 'ok' && (
        <div className="grid gap-2 rounded-md border bg-surface p-2.5 text-[13px]">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            {preview.parts.map(([part, meaning]) => (
              <div key={part} className="contents">
                <dt className="text-muted-foreground">{part}</dt>
                <dd>{meaning}</dd>
              </div>
            ))}
          </dl>
          <div>
            <p className="font-medium">Next runs ({zone})</p>
            {preview.next.length ? (
              <ol className="mt-0.5 grid gap-0.5 text-muted-foreground">
                {preview.next.map((date) => (
                  <li key={date.getTime()}>
                    <time dateTime={date.toISOString()}>{format.format(date)}</time>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-muted-foreground">This schedule never fires.</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
