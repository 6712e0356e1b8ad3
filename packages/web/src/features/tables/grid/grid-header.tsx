// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid positions its rows and cells itself; <table> cannot
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid element holds focus and moves the active cell with the keys
// biome-ignore-all lint/a11y/noStaticElementInteractions: pointer selection of cells mirrors the grid's keyboard selection
import type { Field } from '@flowmind/shared/tables';
import { ChevronDown, EyeOff, GripVertical, Maximize2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { cn } from '../../../lib/cn';
import { fieldTypeInfo } from '../fields/field-types';

export type HeaderActions = {
  edit: (field: Field) => void;
  hide: (field: Field) => void;
  remove: (field: Field) => void;
  reorder: (fieldId: string, beforeFieldId: string | null) => void;
  resize: (fieldId: string, width: number, done: boolean) => void;
};

/** One column header: type icon and name, a menu, a drag handle to move it and an edge to resize it. */
export function HeaderCell({
  field,
  width,
  left,
  sticky,
  actions,
}: {
  field: Field;
  width: number;
  left: number;
  sticky: boolean;
  actions: HeaderActions;
}) {
  const Icon = fieldTypeInfo[field.type].icon;
  const startX = useRef(0);
  return (
    <div
      role="columnheader"
      data-field-id={field.id}
      className={cn(
        'group flex h-full items-center border-r border-b bg-muted',
        sticky ? 'relative' : 'absolute top-0',
      )}
      style={sticky ? { width } : { width, left }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('application/x-flowmind-field')) event.preventDefault();
      }}
      onDrop={(event) => {
        const moved = event.dataTransfer.getData('application/x-flowmind-field');
        if (moved && moved !== field.id) actions.reorder(moved, field.isPrimary ? null : field.id);
      }}
    >
      {!field.isPrimary && (
        <span
          draggable
          title="Drag to move"
          aria-hidden="true"
          data-drag-handle={field.id}
          className="absolute top-0 left-0 z-10 flex h-full w-3 cursor-grab items-center justify-center bg-muted text-muted-foreground opacity-0 group-hover:opacity-100"
          onDragStart={(event) => {
            event.dataTransfer.setData('application/x-flowmind-field', field.id);
            event.dataTransfer.effectAllowed = 'move';
          }}
        >
          <GripVertical className="size-3" />
        </span>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger
          className="flex h-full min-w-0 flex-1 items-center gap-1.5 px-2 text-left font-medium text-[13px] outline-none hover:bg-accent focus-visible:bg-accent"
          aria-label={`${field.name} (${fieldTypeInfo[field.type].label})`}
        >
          <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="truncate">{field.name}</span>
          <ChevronDown
            className="ml-auto size-3.5 shrink-0 text-muted-foreground opacity-0 group-hover:opacity-100"
            aria-hidden="true"
          />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={() => actions.edit(field)}>
            <Pencil aria-hidden="true" />
            Rename or change type
          </DropdownMenuItem>
          {!field.isPrimary && (
            <DropdownMenuItem onSelect={() => actions.hide(field)}>
              <EyeOff aria-hidden="true" />
              Hide field
            </DropdownMenuItem>
          )}
          {!field.isPrimary && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem tone="danger" onSelect={() => actions.remove(field)}>
                <Trash2 aria-hidden="true" />
                Delete field
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${field.name}`}
        className="absolute top-0 -right-1 z-10 h-full w-2 cursor-col-resize hover:bg-primary/40"
        onPointerDown={(event) => {
          event.preventDefault();
          event.stopPropagation();
          startX.current = event.clientX;
          const startWidth = width;
          const target = event.currentTarget;
          target.setPointerCapture(event.pointerId);
          const widthAt = (x: number) => Math.max(60, Math.min(1200, Math.round(startWidth + x - startX.current)));
          const move = (moveEvent: PointerEvent) => actions.resize(field.id, widthAt(moveEvent.clientX), false);
          const up = (upEvent: PointerEvent) => {
            target.removeEventListener('pointermove', move);
            target.removeEventListener('pointerup', up);
            actions.resize(field.id, widthAt(upEvent.clientX), true);
          };
          target.addEventListener('pointermove', move);
          target.addEventListener('pointerup', up);
        }}
      />
    </div>
  );
}

export function AddFieldHeader({ left, onClick }: { left: number; onClick: () => void }) {
  // A header row may hold only header cells, so the button sits in one.
  return (
    <div role="columnheader" className="absolute top-0 h-full w-12" style={{ left }}>
      <button
        type="button"
        aria-label="Add field"
        className="flex size-full items-center justify-center border-r border-b bg-muted text-muted-foreground hover:bg-accent hover:text-foreground"
        onClick={onClick}
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

export function ExpandButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      className="hidden size-5 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground group-hover/row:flex"
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      <Maximize2 className="size-3" aria-hidden="true" />
    </button>
  );
}
