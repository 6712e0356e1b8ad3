import { type Agent, agentToolsSummary, CATEGORY_LABELS } from '@flowmind/shared/agents';
import { Bot, Copy, Globe, GlobeLock, MessageSquare, MoreHorizontal, Pencil, Trash2, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { AgentAvatar } from './agent-avatar';
import { agentsApi } from './agents-api';
import { useAccountAgents, useRefreshAgents } from './use-agents';

/** The active account's agents, each with chat, edit, publish, duplicate and delete. */
export function MyAgents({ accountId, onEdit }: { accountId: string; onEdit: (agent: Agent) => void }) {
  const agents = useAccountAgents(accountId);
  const refresh = useRefreshAgents(accountId);
  const [deleting, setDeleting] = useState<Agent | null>(null);
  const [pending, setPending] = useState(false);

  async function run(action: () => Promise<unknown>, success: string) {
    try {
      await action();
      alerts.success(success);
    } catch (failure) {
      alerts.error(errorMessage(failure));
    } finally {
      refresh();
    }
  }

  if (agents.isPending)
    return (
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  if (agents.isError) return <p className="text-destructive text-sm">{errorMessage(agents.error)}</p>;
  if (agents.data.length === 0)
    return (
      <p className="flex items-center gap-2 rounded-xl border border-dashed bg-surface px-4 py-5 text-muted-foreground text-sm">
        <Bot className="size-4 shrink-0" aria-hidden="true" />
        No agents yet. Create one with its own instructions and starter prompts: chat with it in the Assistant, and
        publish it to the gallery when others could use it too.
      </p>
    );

  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your agents">
        {agents.data.map((agent) => (
          <li key={agent.id} className="flex flex-col rounded-xl border bg-background p-4 shadow-xs">
            <div className="flex items-start gap-3">
              <AgentAvatar agent={agent} />
              <div className="min-w-0 flex-1">
                <h3 className="truncate font-semibold text-sm">{agent.name}</h3>
                <div className="mt-1 flex flex-wrap gap-1">
                  <Badge>{CATEGORY_LABELS[agent.category]}</Badge>
                  {agent.published && <Badge tone="success">Published</Badge>}
                </div>
              </div>
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" size="icon-sm" aria-label={`More for ${agent.name}`}>
                    <MoreHorizontal />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem onSelect={() => onEdit(agent)}>
                    <Pencil /> Edit
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    onSelect={() =>
                      void run(
                        () => agentsApi.update(agent.id, { published: !agent.published }),
                        agent.published ? `${agent.name} is no longer public` : `${agent.name} is published`,
                      )
                    }
                  >
                    {agent.published ? <GlobeLock /> : <Globe />}
                    {agent.published ? 'Unpublish' : 'Publish to gallery'}
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    onSelect={() => void run(() => agentsApi.duplicate(agent.id), `${agent.name} duplicated`)}
                  >
                    <Copy /> Duplicate
                  </DropdownMenuItem>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem tone="danger" onSelect={() => setDeleting(agent)}>
                    <Trash2 /> Delete
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </div>
            <p className="mt-2 line-clamp-2 flex-1 text-muted-foreground text-sm">
              {agent.description || 'No description.'}
            </p>
            <p className="mt-1 flex items-center gap-1.5 text-muted-foreground text-xs">
              <Wrench className="size-3.5 shrink-0" aria-hidden="true" />
              {agentToolsSummary(agent.tools)}
            </p>
            <ButtonLink
              variant="outline"
              size="sm"
              className="mt-3 self-start"
              to={`/agents?agent=${encodeURIComponent(agent.id)}`}
            >
              <MessageSquare /> Chat
            </ButtonLink>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'agent'}?`}
        description="The agent goes from your account and the gallery. Chats with it stay, with the plain assistant."
        confirmLabel="Delete"
        pending={pending}
        onConfirm={async () => {
          if (!deleting) return;
          setPending(true);
          await run(() => agentsApi.remove(deleting.id), `${deleting.name} deleted`);
          setPending(false);
          setDeleting(null);
        }}
      />
    </>
  );
}
