import {
  Box,
  Clock,
  Code,
  GitBranch,
  Globe,
  Hourglass,
  type LucideIcon,
  Mail,
  Merge,
  MousePointerClick,
  NotebookPen,
  Pencil,
  Repeat,
  Reply,
  ScanSearch,
  Send,
  Shuffle,
  Sparkles,
  Split,
  Table,
  Table2,
  Webhook,
  Workflow,
} from 'lucide-react';

/** The catalogue's icon names (kebab case) to icons; a name not listed gets a plain box. */
const ICONS: Record<string, LucideIcon> = {
  'mouse-pointer-click': MousePointerClick,
  webhook: Webhook,
  clock: Clock,
  mail: Mail,
  table: Table,
  'table-2': Table2,
  globe: Globe,
  code: Code,
  pencil: Pencil,
  shuffle: Shuffle,
  'git-branch': GitBranch,
  split: Split,
  repeat: Repeat,
  merge: Merge,
  hourglass: Hourglass,
  sparkles: Sparkles,
  send: Send,
  'scan-search': ScanSearch,
  'notebook-pen': NotebookPen,
  workflow: Workflow,
  reply: Reply,
};

export function stepIcon(name: string | undefined): LucideIcon {
  return (name && ICONS[name]) || Box;
}
