import type { View } from '@flowmind/shared/table-views';
import { CalendarDays, Columns3, FileText, type LucideIcon, Sheet } from 'lucide-react';

type ViewType = View['type'];

export const viewTypeInfo: Record<ViewType, { label: string; icon: LucideIcon; hint: string }> = {
  grid: { label: 'Grid', icon: Sheet, hint: 'Rows and columns, like a spreadsheet' },
  kanban: { label: 'Kanban', icon: Columns3, hint: 'Cards in columns by a single select' },
  calendar: { label: 'Calendar', icon: CalendarDays, hint: 'Records on their dates, a month at a time' },
  form: { label: 'Form', icon: FileText, hint: 'Collect new records, also through a public link' },
};

export const VIEW_TYPES = Object.keys(viewTypeInfo) as ViewType[];

/** "Kanban 2" when "Kanban" is taken: a new view gets a name nobody has to think about. */
export function freeViewName(base: string, views: Pick<View, 'name'>[]): string {
  const taken = new Set(views.map((view) => view.name.toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base} ${n}`.toLowerCase())) return `${base} ${n}`;
}
