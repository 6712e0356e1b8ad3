import { FormDialog } from '../../../components/ui/form-dialog';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl';

export const SHORTCUTS: Array<[string, string]> = [
  ['Add a step', '/'],
  ['Delete the selection', 'Del / Backspace'],
  ['Select several', 'Shift + click, Shift + drag'],
  ['Select all', `${mod} + A`],
  ['Copy / paste', `${mod} + C / ${mod} + V`],
  ['Duplicate', `${mod} + D`],
  ['Undo', `${mod} + Z`],
  ['Redo', `${mod} + Shift + Z, ${mod} + Y`],
  ['Rename the step', 'F2 or double-click'],
  ['Disable / enable the step', `${mod} + E`],
  ['Tidy up (auto-layout)', 'Shift + L'],
  ['Close panels, clear selection', 'Esc'],
  ['This help', '?'],
];

export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts">
      {() => (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map(([what, keys]) => (
            <div key={what} className="contents">
              <dt className="text-muted-foreground">{what}</dt>
              <dd>
                <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">{keys}</kbd>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </FormDialog>
  );
}
