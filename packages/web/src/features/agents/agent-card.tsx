import { CATEGORY_LABELS, type PublicAgent } from '@flowmind/shared/agents';
import { Heart, MessageSquare, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { AgentAvatar } from './agent-avatar';

/** Counts as the gallery shows them: conversations, likes, uses. */
export function AgentCountsLine({ counts }: { counts: PublicAgent['counts'] }) {
  return (
    <span className="flex items-center gap-3 text-muted-foreground text-xs tabular-nums">
      <span className="inline-flex items-center gap-1" title="Conversations">
        <MessageSquare className="size-3.5" aria-hidden="true" />
        {counts.chats}
        <span className="sr-only">conversations</span>
      </span>
      <span className="inline-flex items-center gap-1" title="Likes">
        <Heart className="size-3.5" aria-hidden="true" />
        {counts.likes}
        <span className="sr-only">likes</span>
      </span>
      <span className="inline-flex items-center gap-1" title="Uses">
        <Sparkles className="size-3.5" aria-hidden="true" />
        {counts.uses}
        <span className="sr-only">uses</span>
      </span>
    </span>
  );
}

/** A published agent in the gallery; the whole card opens its page. */
export function AgentCard({ agent }: { agent: PublicAgent }) {
  return (
    <Link
      to={`/agents/explore/${encodeURIComponent(agent.id)}`}
      className="group flex h-full flex-col rounded-xl border bg-background p-4 shadow-xs transition-colors hover:border-primary/40 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <div className="flex items-start gap-3">
        <AgentAvatar agent={agent} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-sm group-hover:text-primary">{agent.name}</h3>
          <p className="truncate text-muted-foreground text-xs">by {agent.creatorName}</p>
        </div>
      </div>
      <p className="mt-2 line-clamp-2 flex-1 text-muted-foreground text-sm">{agent.description || 'No description.'}</p>
      <div className="mt-3 flex items-center justify-between gap-2">
        <Badge>{CATEGORY_LABELS[agent.category]}</Badge>
        <AgentCountsLine counts={agent.counts} />
      </div>
    </Link>
  );
}
