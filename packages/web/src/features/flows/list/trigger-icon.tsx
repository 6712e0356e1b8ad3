import { stepType } from '@flowmind/shared/flow-steps';
import type { ExecutionMode, TriggerType } from '@flowmind/shared/flows';
import {
  Clock,
  FlaskConical,
  type LucideIcon,
  Mail,
  MousePointerClick,
  Plug,
  RotateCcw,
  Table,
  Webhook,
  Workflow,
} from 'lucide-react';

/** The catalogue names icons in kebab case; only the triggers' are needed on the list. */
const ICONS: Record<string, LucideIcon> = {
  'mouse-pointer-click': MousePointerClick,
  webhook: Webhook,
  clock: Clock,
  mail: Mail,
  table: Table,
};

const MODE_ICONS: Partial<Record<ExecutionMode, LucideIcon>> = {
  test: FlaskConical,
  subflow: Workflow,
  rerun: RotateCcw,
};

/** A trigger's icon and label, as the step catalogue (`STEP_TYPES`) gives them. */
export function triggerInfo(trigger: TriggerType): { icon: LucideIcon; label: string } {
  // Integration triggers are many step types (`trigger.slack.newMessage`…) under one trigger type.
  if (trigger === 'integration') return { icon: Plug, label: 'Integration event' };
  const info = stepType(`trigger.${trigger}`);
  return { icon: (info && ICONS[info.icon]) ?? Workflow, label: info?.label ?? trigger };
}

export function modeIcon(mode: ExecutionMode): LucideIcon {
  return MODE_ICONS[mode] ?? triggerInfo(mode as TriggerType).icon;
}
