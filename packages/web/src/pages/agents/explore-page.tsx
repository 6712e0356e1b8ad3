import {
  AGENT_CATEGORIES,
  type Agent,
  type AgentCategory,
  CATEGORY_LABELS,
  type ExploreSort,
} from '@flowmind/shared/agents';
import { Compass } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { NativeSelect, SearchInput } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { useActiveAccount } from '../../features/accounts/use-active-account';
import { AgentCard } from '../../features/agents/agent-card';
import { AgentFormDialog } from '../../features/agents/agent-form-dialog';
import { MyAgents } from '../../features/agents/my-agents';
import { useExplore, useRefreshAgents } from '../../features/agents/use-agents';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { alerts } from '../../shell/alert-store';

export const agentTabs = [
  { label: 'Explore', to: '/agents/explore' },
  { label: 'Leaderboard', to: '/leaderboard' },
];

const SORTS: { value: ExploreSort; label: string }[] = [
  { value: 'popular', label: 'Popular' },
  { value: 'new', label: 'New' },
];

/** /agents/explore: the account's own agents, then the public gallery. */
export function ExplorePage() {
  const { account } = useActiveAccount();
  const accountId = account?.id ?? null;
  const [editing, setEditing] = useState<Agent | 'new' | null>(null);
  const refresh = useRefreshAgents(accountId);
  usePageHeader({
    title: 'Explore',
    description: 'Discover agents other people have published',
    buttonText: 'Create agent',
    buttonAction: () => setEditing('new'),
    showTabs: true,
    tabs: agentTabs,
  });

  return (
    <div className="grid gap-10">
      <section aria-labelledby="your-agents" className="grid gap-3">
        <h2 id="your-agents" className="font-semibold text-base">
          Your agents
        </h2>
        {accountId && <MyAgents accountId={accountId} onEdit={setEditing} />}
      </section>
      <Gallery />
      {accountId && (
        <AgentFormDialog
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
          accountId={accountId}
          agent={editing === 'new' ? null : editing}
          onSaved={(agent) => {
            alerts.success(editing === 'new' ? `${agent.name} created` : `${agent.name} saved`);
            refresh();
          }}
        />
      )}
    </div>
  );
}

function Gallery() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const [category, setCategory] = useState<AgentCategory | null>(null);
  const [sort, setSort] = useState<ExploreSort>('popular');
  const explore = useExplore({ q, category, sort });
  const agents = explore.data?.pages.flatMap((page) => page.agents) ?? [];

  return (
    <section aria-labelledby="gallery" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="gallery" className="font-semibold text-base">
          Gallery
        </h2>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <SearchInput
            frameClassName="w-full sm:w-64"
            type="search"
            aria-label="Search agents"
            placeholder="Search agents"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <NativeSelect
            aria-label="Category"
            className="w-40"
            value={category ?? ''}
            onChange={(event) => setCategory((event.target.value || null) as AgentCategory | null)}
          >
            <option value="">All categories</option>
            {AGENT_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {CATEGORY_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
          <fieldset className="flex rounded-md border bg-muted p-0.5" aria-label="Sort">
            {SORTS.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={sort === option.value}
                onClick={() => setSort(option.value)}
                className={cn(
                  'rounded px-3 py-1 font-medium text-[13px] text-muted-foreground',
                  sort === option.value && 'bg-background text-foreground shadow-xs',
                )}
              >
                {option.label}
              </button>
            ))}
          </fieldset>
        </div>
      </div>
      {explore.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-36" />
          ))}
        </div>
      ) : explore.isError ? (
        <p className="text-destructive text-sm">{errorMessage(explore.error)}</p>
      ) : agents.length === 0 ? (
        <EmptyState
          icon={Compass}
          title={q || category ? 'No agents match' : 'No published agents yet'}
          description={
            q || category
              ? 'Try other words or another category.'
              : 'Publish one of your agents and it will be the first one here.'
          }
        />
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Published agents">
            {agents.map((agent) => (
              <li key={agent.id}>
                <AgentCard agent={agent} />
              </li>
            ))}
          </ul>
          {explore.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-center"
              pending={explore.isFetchingNextPage}
              onClick={() => void explore.fetchNextPage()}
            >
              Show more
            </Button>
          )}
        </>
      )}
    </section>
  );
}
