import { stepType } from '@flowmind/shared/flow-steps';
import { type LucideIcon, Puzzle } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { STEP_ICONS } from './step-icons';

/** The icon a catalogue name stands for; a name not listed gets a plain puzzle piece. */
export function stepIcon(name: string | undefined): LucideIcon {
  return (name && STEP_ICONS[name]) || Puzzle;
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
