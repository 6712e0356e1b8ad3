import { CATEGORY_LABELS } from '@flowmind/shared/agents';
import { ArrowLeft, Compass, Heart, MessageSquare, Plus } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useActiveAccount } from '../../features/accounts/use-active-account';
import { AgentAvatar } from '../../features/agents/agent-avatar';
import { AgentCountsLine } from '../../features/agents/agent-card';
import { useLikeAgent, usePublicAgent, useUseAgent } from '../../features/agents/use-agents';
import { NoModelNotice } from '../../features/ai/no-model-notice';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { alerts } from '../../shell/alert-store';

/** /agents/explore/{id}: a published agent, to try, like or copy into one's account. */
export function ExploreAgentPage() {
  const agentId = useParams().id as string;
  const query = usePublicAgent(agentId);
  const agent = query.data;
  const { account } = useActiveAccount();
  const like = useLikeAgent(agentId);
  const use = useUseAgent(agentId);
  usePageHeader({
    // Not found is said once, by the page's empty state.
    title: agent?.name ?? 'Agent',
    description: agent ? `By ${agent.creatorName}` : 'A published agent',
    loading: query.isPending,
    showFloatingButton: false,
  });

  if (query.isPending)
    return (
      <div className="grid gap-4">
        <Skeleton className="h-40" />
        <Skeleton className="h-24" />
      </div>
    );
  if (!agent)
    return (
      <EmptyState
        icon={Compass}
        title="Agent not found"
        description={
          query.error instanceof ApiError && query.error.status === 404
            ? 'It may have been unpublished or deleted.'
            : errorMessage(query.error, 'It may have been unpublished or deleted.')
        }
      >
        <ButtonLink variant="outline" to="/agents/explore">
          Back to Explore
        </ButtonLink>
      </EmptyState>
    );

  return (
    <div className="grid gap-6">
      <Link
        to="/agents/explore"
        className="inline-flex items-center gap-1.5 justify-self-start text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> All agents
      </Link>
      <section className="rounded-xl border bg-background p-5 shadow-xs sm:p-6">
        {/* The header names the agent and its creator; the card says what it does. */}
        <div className="flex items-start gap-4">
          <AgentAvatar agent={agent} size="lg" />
          <div className="min-w-0 flex-1">
            <p className="whitespace-pre-line text-[15px] leading-6">{agent.description || 'No description.'}</p>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <Badge>{CATEGORY_LABELS[agent.category]}</Badge>
              {!agent.published && <Badge tone="primary">Not published</Badge>}
              <AgentCountsLine counts={agent.counts} />
            </div>
          </div>
        </div>
        <div className="mt-5 flex flex-wrap gap-2">
          <ButtonLink to={`/agents?agent=${encodeURIComponent(agent.id)}`}>
            <MessageSquare /> Try it
          </ButtonLink>
          {agent.published && (
            <>
              <Button
                variant="outline"
                aria-pressed={agent.likedByMe}
                pending={like.isPending}
                onClick={() =>
                  like.mutate(!agent.likedByMe, { onError: (failure) => alerts.error(errorMessage(failure)) })
                }
              >
                <Heart className={cn(agent.likedByMe && 'fill-rose-500 text-rose-500')} />
                {agent.likedByMe ? 'Liked' : 'Like'}
              </Button>
              <Button
                variant="outline"
                title="Copy it into your account to change it"
                disabled={!account}
                pending={use.isPending}
                onClick={() =>
                  account &&
                  use.mutate(account.id, {
                    onSuccess: (copy) => alerts.success(`${copy.name} was added to your agents`),
                    onError: (failure) => alerts.error(errorMessage(failure)),
                  })
                }
              >
                <Plus /> Use
              </Button>
            </>
          )}
        </div>
        <NoModelNotice accountId={account?.id ?? null} who={agent.name} className="mt-4 rounded-lg" />
      </section>
      {agent.starterPrompts.length > 0 && (
        <section aria-labelledby="starters" className="grid gap-3">
          <h2 id="starters" className="font-semibold text-base">
            Starter prompts
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {agent.starterPrompts.map((prompt) => (
              <li key={prompt} className="rounded-xl border bg-background px-3 py-2.5 text-sm">
                {prompt}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
