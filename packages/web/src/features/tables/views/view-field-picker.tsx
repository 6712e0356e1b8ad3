import type { Field } from '@flowmind/shared/tables';
import { Check, ChevronDown, type LucideIcon, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { EmptyState } from '../../../components/ui/empty-state';
import { fieldTypeInfo } from '../fields/field-types';

/**
 * Asks which field a kanban or calendar view is built on. With no field of a fitting type, it says which type to
 * add and offers to add one.
 */
export function ViewFieldPicker({
  icon,
  title,
  description,
  missingTitle,
  missing,
  candidates,
  onPick,
  onAddField,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  /** Shown instead of the title and the list when no field fits. */
  missingTitle: string;
  missing: string;
  candidates: Field[];
  onPick: (field: Field) => void;
  onAddField: () => void;
}) {
  return (
    <div className="flex flex-1 items-start justify-center overflow-y-auto p-4 sm:p-8">
      <EmptyState
        icon={icon}
        title={candidates.length ? title : missingTitle}
        description={candidates.length ? description : missing}
        className="w-full max-w-lg"
      >
        {candidates.length ? (
          <ul className="grid w-full gap-1.5" aria-label="Fields to choose from">
            {candidates.map((field) => {
              const Icon = fieldTypeInfo[field.type].icon;
              return (
                <li key={field.id}>
                  <Button variant="outline" className="w-full justify-start" onClick={() => onPick(field)}>
                    <Icon aria-hidden="true" />
                    {field.name}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : (
          <Button onClick={onAddField}>
            <Plus aria-hidden="true" />
            Add a field
          </Button>
        )}
      </EmptyState>
    </div>
  );
}

/** "Grouped by Stage ▾": changes the field a built view uses. */
export function ViewFieldSwitch({
  label,
  current,
  candidates,
  onPick,
}: {
  label: string;
  current: Field;
  candidates: Field[];
  onPick: (field: Field) => void;
}) {
  const Icon = fieldTypeInfo[current.type].icon;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="inline-flex h-7 items-center gap-1.5 rounded-md px-2 text-[13px] text-muted-foreground hover:bg-accent hover:text-foreground">
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
        <span className="font-medium text-foreground">{current.name}</span>
        <ChevronDown className="size-3.5" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {candidates.map((field) => (
          <DropdownMenuItem key={field.id} onSelect={() => onPick(field)}>
            {field.name}
            {field.id === current.id && <Check className="ml-auto" aria-hidden="true" />}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
