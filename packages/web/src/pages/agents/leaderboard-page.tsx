import {
  type LeaderboardAgent,
  type LeaderboardCreator,
  LeaderboardPeriod,
  PERIOD_LABELS,
} from '@flowmind/shared/agents';
import { Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { NativeSelect } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { AgentAvatar } from '../../features/agents/agent-avatar';
import { AgentCountsLine } from '../../features/agents/agent-card';
import { useLeaderboard } from '../../features/agents/use-agents';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useIsLargeScreen } from '../../lib/use-media-query';

const PERIODS = LeaderboardPeriod.options;

/** /leaderboard: the most popular published agents and their creators, this week, this month or ever. */
export function LeaderboardPage() {
  const [params, setParams] = useSearchParams();
  const parsed = LeaderboardPeriod.safeParse(params.get('period'));
  const period = parsed.success ? parsed.data : 'week';
  const isLarge = useIsLargeScreen();
  // On large screens the periods are the header's tabs; on small ones a select stands in for them.
  usePageHeader({
    title: 'Leaderboard',
    description: 'See who has the most popular agents',
    showFloatingButton: false,
    showTabs: true,
    tabs: PERIODS.map((value) => ({
      label: PERIOD_LABELS[value],
      to: `/leaderboard?period=${value}`,
      active: value === period,
    })),
  });
  const board = useLeaderboard(period);

  return (
    <div className="grid gap-6">
      {!isLarge && (
        <NativeSelect
          aria-label="Period"
          className="w-full sm:w-56"
          value={period}
          onChange={(event) => setParams({ period: event.target.value }, { replace: true })}
        >
          {PERIODS.map((value) => (
            <option key={value} value={value}>
              {PERIOD_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      )}
      {board.isPending ? (
        <Skeleton className="h-64" />
      ) : board.isError ? (
        <p className="text-destructive text-sm">{errorMessage(board.error)}</p>
      ) : board.data.agents.length === 0 ? (
        <EmptyState
          icon={Trophy}
          title="Nobody on the board yet"
          description="When people chat with, like and use published agents, the most popular ones rank here."
        />
      ) : (
        <div className={cn('grid gap-6 lg:grid-cols-[3fr_2fr]', board.isPlaceholderData && 'opacity-60')}>
          <AgentRanking rows={board.data.agents} />
          <CreatorRanking rows={board.data.creators} />
        </div>
      )}
      <p className="text-muted-foreground text-xs">
        Each conversation, like and use by someone other than the creator counts one point, once per person, agent and
        day. This week and this month are the last 7 and 30 days.
      </p>
    </div>
  );
}

function Rank({ rank }: { rank: number }) {
  return (
    <span
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-full font-semibold text-xs tabular-nums',
        rank === 1 ? 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-200' : 'bg-muted',
      )}
    >
      {rank}
    </span>
  );
}

function Points({ score }: { score: number }) {
  return (
    <span className="w-16 shrink-0 text-right font-semibold text-sm tabular-nums">
      {score} <span className="font-normal text-muted-foreground text-xs">pts</span>
    </span>
  );
}

/** A titled card holding one ranking, its rows in an ordered list named like the title. */
function Ranking({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={cn('rounded-xl border bg-background shadow-xs', className)}>
      <h2 className="border-b px-4 py-3 font-semibold text-sm">{title}</h2>
      <ol aria-label={title} className="divide-y">
        {children}
      </ol>
    </section>
  );
}

function AgentRanking({ rows }: { rows: LeaderboardAgent[] }) {
  return (
    <Ranking title="Top agents">
      {rows.map((row) => (
        <li key={row.agent.id} className="flex items-center gap-3 px-4 py-3">
          <Rank rank={row.rank} />
          <AgentAvatar agent={row.agent} size="sm" />
          <div className="min-w-0 flex-1">
            <Link
              to={`/agents/explore/${encodeURIComponent(row.agent.id)}`}
              className="block truncate font-medium text-sm hover:text-primary"
            >
              {row.agent.name}
            </Link>
            <p className="truncate text-muted-foreground text-xs">by {row.agent.creatorName}</p>
          </div>
          <div className="hidden sm:block">
            <AgentCountsLine counts={row.counts} />
          </div>
          <Points score={row.score} />
        </li>
      ))}
    </Ranking>
  );
}

function CreatorRanking({ rows }: { rows: LeaderboardCreator[] }) {
  return (
    <Ranking title="Top creators" className="self-start">
      {rows.map((row) => (
        <li key={`${row.rank}-${row.name}`} className="flex items-center gap-3 px-4 py-3">
          <Rank rank={row.rank} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-sm">{row.name}</p>
            <p className="text-muted-foreground text-xs">
              {row.agents} {row.agents === 1 ? 'agent' : 'agents'}
            </p>
          </div>
          <Points score={row.score} />
        </li>
      ))}
    </Ranking>
  );
}
