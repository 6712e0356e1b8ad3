import { FOCUS_LIMITS, type FocusSettings } from '@flowmind/shared/focus';
import { useQueryClient } from '@tanstack/react-query';
import { Settings2 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { focusApi } from './focus-api';
import { focusKeys } from './use-focus';

const FIELDS: { key: keyof FocusSettings; label: string; unit: string }[] = [
  { key: 'focusMinutes', label: 'Focus', unit: 'min' },
  { key: 'shortBreakMinutes', label: 'Short break', unit: 'min' },
  { key: 'longBreakMinutes', label: 'Long break', unit: 'min' },
  { key: 'longBreakEvery', label: 'Long break every', unit: 'focus periods' },
];

/** The timer's lengths, in a small popover; a change applies from the next period on. */
export function FocusSettingsPopover({
  settings,
  accountId,
  disabled,
}: {
  settings: FocusSettings | null;
  accountId: string;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button size="icon-sm" variant="ghost" aria-label="Timer settings" disabled={disabled}>
          <Settings2 aria-hidden="true" />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="z-50 w-[min(20rem,calc(100vw-1rem))] animate-fade-in rounded-lg border bg-popover p-4 shadow-lg"
        >
          {settings && <SettingsForm settings={settings} accountId={accountId} onSaved={() => setOpen(false)} />}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function SettingsForm({
  settings,
  accountId,
  onSaved,
}: {
  settings: FocusSettings;
  accountId: string;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => Object.fromEntries(FIELDS.map(({ key }) => [key, String(settings[key])])));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const saved = await focusApi.updateSettings(
        Object.fromEntries(FIELDS.map(({ key }) => [key, Number(draft[key])])) as FocusSettings,
      );
      queryClient.setQueryData(focusKeys.state(accountId), (current: { settings: FocusSettings } | undefined) =>
        current ? { ...current, settings: saved } : current,
      );
      onSaved();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not save the settings'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} className="grid gap-3">
      <p className="font-medium text-sm">Timer</p>
      {FIELDS.map(({ key, label, unit }) => (
        <div key={key} className="grid grid-cols-[1fr_5rem] items-center gap-x-3 text-sm">
          <label htmlFor={`focus-setting-${key}`}>
            {label} <span className="text-muted-foreground text-xs">({unit})</span>
          </label>
          <Input
            id={`focus-setting-${key}`}
            type="number"
            inputMode="numeric"
            min={FOCUS_LIMITS[key].min}
            max={FOCUS_LIMITS[key].max}
            step={1}
            required
            value={draft[key]}
            onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.value }))}
            className="h-8 text-right tabular-nums"
          />
        </div>
      ))}
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <p className="text-muted-foreground text-xs">Changes apply from the next period.</p>
      <Button type="submit" size="sm" disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}
