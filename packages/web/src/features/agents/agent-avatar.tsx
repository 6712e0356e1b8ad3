import type { AgentColor } from '@flowmind/shared/agents';
import { cn } from '../../lib/cn';

/** Tailwind sees these class names whole: one soft background and text colour per agent colour. */
export const AGENT_COLOR_CLASSES: Record<AgentColor, string> = {
  violet: 'bg-violet-100 text-violet-700 dark:bg-violet-500/20 dark:text-violet-200',
  blue: 'bg-blue-100 text-blue-700 dark:bg-blue-500/20 dark:text-blue-200',
  teal: 'bg-teal-100 text-teal-700 dark:bg-teal-500/20 dark:text-teal-200',
  green: 'bg-green-100 text-green-700 dark:bg-green-500/20 dark:text-green-200',
  amber: 'bg-amber-100 text-amber-700 dark:bg-amber-500/20 dark:text-amber-200',
  orange: 'bg-orange-100 text-orange-700 dark:bg-orange-500/20 dark:text-orange-200',
  rose: 'bg-rose-100 text-rose-700 dark:bg-rose-500/20 dark:text-rose-200',
  slate: 'bg-slate-200 text-slate-700 dark:bg-slate-500/20 dark:text-slate-200',
};

const sizes = { sm: 'size-7 rounded-lg text-sm', md: 'size-10 rounded-xl text-lg', lg: 'size-16 rounded-2xl text-3xl' };

/** An agent's face: its emoji on its colour, else the first letter of its name. */
export function AgentAvatar({
  agent,
  size = 'md',
  className,
}: {
  agent: { name: string; avatar: string; color: AgentColor };
  size?: keyof typeof sizes;
  className?: string;
}) {
  const letter = agent.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center font-semibold',
        sizes[size],
        AGENT_COLOR_CLASSES[agent.color] ?? AGENT_COLOR_CLASSES.violet,
        className,
      )}
    >
      {agent.avatar || letter}
    </span>
  );
}
