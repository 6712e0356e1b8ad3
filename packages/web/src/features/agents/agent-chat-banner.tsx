import type { PublicAgent } from '@flowmind/shared/agents';
import { Link } from 'react-router';
import { AgentAvatar } from './agent-avatar';

/** Says which custom agent a chat is with, above its messages. */
export function AgentChatBanner({ agent }: { agent: PublicAgent }) {
  return (
    <div role="status" className="flex items-center gap-2 border-b bg-background px-3 py-2 text-sm sm:px-4">
      <AgentAvatar agent={agent} size="sm" />
      <span className="min-w-0 truncate">
        Chatting with{' '}
        <Link to={`/agents/explore/${encodeURIComponent(agent.id)}`} className="font-medium hover:text-primary">
          {agent.name}
        </Link>
      </span>
    </div>
  );
}
