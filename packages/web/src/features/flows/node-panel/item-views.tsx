import type { Item } from '@flowmind/shared/flows';
import { ChevronRight, CornerDownLeft } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { cn } from '../../../lib/cn';
import { cellText, itemColumns, type SchemaNode, schemaOf } from './data-shape';

const ROW_HEIGHT = 32;
const VIRTUAL_FROM = 200;
const VIEWPORT_HEIGHT = 420;

/** Items as a table, one column per key; past 200 rows only the rows in view are drawn. */
export function ItemsTable({ items }: { items: readonly Item[] }) {
  const columns = itemColumns(items);
  const [scrollTop, setScrollTop] = useState(0);
  const virtual = items.length > VIRTUAL_FROM;
  const first = virtual ? Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - 10) : 0;
  const last = virtual ? Math.min(items.length, first + Math.ceil(VIEWPORT_HEIGHT / ROW_HEIGHT) + 20) : items.length;
  if (columns.length === 0) return <p className="p-3 text-muted-foreground text-sm">{items.length} empty item(s).</p>;
  return (
    <div
      className="overflow-auto rounded-md border"
      style={{ maxHeight: VIEWPORT_HEIGHT }}
      onScroll={virtual ? (event) => setScrollTop(event.currentTarget.scrollTop) : undefined}
    >
      <table className="w-max min-w-full border-collapse text-[12px]">
        <thead className="sticky top-0 z-10 bg-muted">
          <tr>
            <th className="w-10 border-b px-2 py-1.5 text-left font-medium text-muted-foreground">#</th>
            {columns.map((column) => (
              <th key={column} className="max-w-60 border-b px-2 py-1.5 text-left font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {virtual && first > 0 && <tr style={{ height: first * ROW_HEIGHT }} />}
          {items.slice(first, last).map((item, offset) => {
            const index = first + offset;
            return (
              <tr key={index} style={{ height: ROW_HEIGHT }} className="border-b last:border-b-0 hover:bg-accent/60">
                <td className="px-2 text-muted-foreground tabular-nums">{index + 1}</td>
                {columns.map((column) => (
                  <td key={column} className="max-w-60 truncate px-2 font-mono" title={cellText(item[column], 2000)}>
                    {cellText(item[column])}
                  </td>
                ))}
              </tr>
            );
          })}
          {virtual && last < items.length && <tr style={{ height: (items.length - last) * ROW_HEIGHT }} />}
        </tbody>
      </table>
    </div>
  );
}

const MAX_CHILDREN = 100;

/** Pretty JSON whose objects and lists fold open and shut. */
export function JsonView({ value }: { value: unknown }) {
  return (
    <div className="max-h-[420px] overflow-auto rounded-md border bg-surface p-2 font-mono text-[12px] leading-5">
      <JsonNode value={value} depth={0} />
    </div>
  );
}

function JsonNode({ name, value, depth }: { name?: string; value: unknown; depth: number }) {
  // Open or shut is the node's own state: each level says it (aria-expanded, the chevron) for itself, and children
  // are only drawn when open.
  const [expanded, setExpanded] = useState(depth < 2);
  const label =
    name !== undefined ? <span className="text-primary-soft-foreground">{JSON.stringify(name)}: </span> : null;
  if (value === null || typeof value !== 'object')
    return (
      <div className="whitespace-pre-wrap break-all pl-4">
        {label}
        <span className={scalarClass(value)}>{value === undefined ? 'undefined' : JSON.stringify(value)}</span>
      </div>
    );
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0)
    return (
      <div className="pl-4">
        {label}
        {open}
        {close}
      </div>
    );
  const size = `${entries.length} ${Array.isArray(value) ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'}`;
  return (
    <div className="pl-4">
      <button
        type="button"
        aria-expanded={expanded}
        onClick={() => setExpanded(!expanded)}
        className="-ml-4 block max-w-full rounded text-left hover:bg-accent/60"
      >
        <ChevronRight
          className={cn(
            'inline-block size-4 align-[-3px] text-muted-foreground transition-transform',
            expanded && 'rotate-90',
          )}
          aria-hidden="true"
        />
        {label}
        {open}
        {!expanded && (
          <span className="text-muted-foreground">
            {' '}
            {size} {close}
          </span>
        )}
      </button>
      {expanded && (
        <>
          {entries.slice(0, MAX_CHILDREN).map(([key, child]) => (
            <JsonNode key={key} name={Array.isArray(value) ? undefined : key} value={child} depth={depth + 1} />
          ))}
          {entries.length > MAX_CHILDREN && (
            <div className="pl-4 text-muted-foreground">… {entries.length - MAX_CHILDREN} more</div>
          )}
          <div>{close}</div>
        </>
      )}
    </div>
  );
}

function scalarClass(value: unknown): string {
  if (typeof value === 'string') return 'text-success';
  if (typeof value === 'number') return 'text-primary';
  if (typeof value === 'boolean') return 'text-warning';
  return 'text-muted-foreground';
}

/**
 * The fields of the items with their types. Each field can be dragged into an expression box, and with
 * `onInsert` clicked to go into the box focused last.
 */
export function SchemaView({
  items,
  root,
  onInsert,
}: {
  items: readonly Item[];
  root: string;
  onInsert?: (path: string) => void;
}) {
  const schema = schemaOf(items, root);
  if (schema.length === 0) return <p className="p-3 text-muted-foreground text-sm">The items have no fields.</p>;
  return (
    <div className="max-h-[420px] overflow-auto rounded-md border p-1">
      <ul className="grid gap-px" aria-label="Fields">
        {schema.map((node) => (
          <SchemaRow key={node.key} node={node} depth={0} onInsert={onInsert} />
        ))}
      </ul>
    </div>
  );
}

function SchemaRow({ node, depth, onInsert }: { node: SchemaNode; depth: number; onInsert?: (path: string) => void }) {
  const [open, setOpen] = useState(depth < 1);
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData('text/plain', `{{ ${node.path} }}`);
    event.dataTransfer.effectAllowed = 'copy';
  };
  const example = node.children.length ? '' : cellText(node.example, 60);
  return (
    <li>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging is a shortcut; the Insert button does the same by keyboard */}
      <div
        draggable
        onDragStart={onDragStart}
        className="group flex min-h-7 items-center gap-1.5 rounded px-1 text-[12px] hover:bg-accent"
        style={{ paddingLeft: depth * 14 + 4 }}
        title={`${node.path} — drag into a field${onInsert ? ' or click to insert' : ''}`}
      >
        {node.children.length ? (
          <button
            type="button"
            className="rounded p-0.5 text-muted-foreground hover:text-foreground"
            aria-label={open ? `Fold ${node.key}` : `Unfold ${node.key}`}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            <ChevronRight className={cn('size-3.5 transition-transform', open && 'rotate-90')} aria-hidden="true" />
          </button>
        ) : (
          <span className="w-[18px]" />
        )}
        <span className="font-medium font-mono">{node.key}</span>
        <span className="rounded bg-muted px-1 text-[10px] text-muted-foreground uppercase">
          {node.types.join(' | ')}
        </span>
        <span className="min-w-0 flex-1 truncate text-muted-foreground">{example}</span>
        {onInsert && (
          <button
            type="button"
            className="flex items-center gap-1 rounded px-1.5 py-0.5 text-[11px] text-primary opacity-0 hover:bg-primary-soft focus-visible:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100"
            aria-label={`Insert ${node.path}`}
            onClick={() => onInsert(node.path)}
          >
            <CornerDownLeft className="size-3" aria-hidden="true" />
            Insert
          </button>
        )}
      </div>
      {open && node.children.length > 0 && (
        <ul className="grid gap-px">
          {node.children.map((child) => (
            <SchemaRow key={child.key} node={child} depth={depth + 1} onInsert={onInsert} />
          ))}
        </ul>
      )}
    </li>
  );
}
