import { stepType } from '@flowmind/shared/flow-steps';
import {
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
  Puzzle,
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
import { cn } from '../../../lib/cn';

/** The catalogue names its icons in lucide's kebab case; only these are bundled (not the whole icon set). */
const ICONS: Record<string, LucideIcon> = {
  clock: Clock,
  code: Code,
  'git-branch': GitBranch,
  globe: Globe,
  hourglass: Hourglass,
  mail: Mail,
  merge: Merge,
  'mouse-pointer-click': MousePointerClick,
  'notebook-pen': NotebookPen,
  pencil: Pencil,
  repeat: Repeat,
  reply: Reply,
  'scan-search': ScanSearch,
  send: Send,
  shuffle: Shuffle,
  sparkles: Sparkles,
  split: Split,
  table: Table,
  'table-2': Table2,
  webhook: Webhook,
  workflow: Workflow,
};

/** The icon a catalogue name stands for; a name not listed gets a plain puzzle piece. */
export function stepIcon(name: string | undefined): LucideIcon {
  return (name && ICONS[name]) || Puzzle;
}

export function StepIcon({ type, className }: { type: string; className?: string }) {
  const Icon = stepIcon(stepType(type)?.icon);
  return <Icon className={cn('size-4', className)} aria-hidden="true" />;
}

/** A tint per group, so triggers, logic and data steps read apart at a glance. */
export const GROUP_TINT: Record<string, string> = {
  trigger: 'bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
  action: 'bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300',
  logic: 'bg-primary-soft text-primary-soft-foreground',
  data: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
  ai: 'bg-fuchsia-100 text-fuchsia-700 dark:bg-fuchsia-950 dark:text-fuchsia-300',
};

export const GROUP_LABEL: Record<string, string> = {
  trigger: 'Triggers',
  action: 'Actions',
  logic: 'Logic',
  data: 'Data',
  ai: 'AI',
};
