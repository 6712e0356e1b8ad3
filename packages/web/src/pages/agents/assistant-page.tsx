import type { ChatMessage } from '@flowmind/shared/chat';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowUp, Menu, Share2, Sparkles, Square } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ShareLinkDialog } from '../../components/share-link-dialog';
import { BackLink } from '../../components/ui/back-link';
import { Button, ButtonLink } from '../../components/ui/button';
import { LogoMark } from '../../components/ui/logo';
import { Sheet } from '../../components/ui/sheet';
import { useActiveAccount } from '../../features/accounts/use-active-account';
import { AgentChatBanner } from '../../features/agents/agent-chat-banner';
import { usePublicAgent } from '../../features/agents/use-agents';
import { NoModelNotice } from '../../features/ai/no-model-notice';
import { useAiModels } from '../../features/ai/use-ai-models';
import { chatApi } from '../../features/chat/chat-api';
import { ChatMessageView } from '../../features/chat/chat-message';
import { ChatModelPicker } from '../../features/chat/chat-model-picker';
import { ChatSidebar } from '../../features/chat/chat-sidebar';
import { startChat, useChat } from '../../features/chat/use-chat';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { ApiError, errorMessage } from '../../lib/api';

const STARTERS = [
  'Plan my week around three priorities',
  'Explain webhooks like I am new to automation',
  'Write a table schema for tracking job applications',
  'Draft a polite follow-up email to a client',
];

/** The text box under the chat: Enter sends, Shift+Enter breaks the line, Escape stops an answer. */
function Composer({
  busy,
  disabled,
  onSend,
  onStop,
  autoFocus,
  draft,
  setDraft,
}: {
  busy: boolean;
  disabled: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  autoFocus?: boolean;
  draft: string;
  setDraft: (text: string) => void;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  // The box has the keyboard when a chat opens: typing is what this page is for.
  useEffect(() => {
    if (autoFocus) area.current?.focus();
  }, [autoFocus]);
  // Grows with the text up to a third of the screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the text changes
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, window.innerHeight / 3)}px`;
  }, [draft]);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || disabled || !draft.trim()) return;
    onSend(draft.trim());
  };
  return (
    <form onSubmit={submit} className="mx-auto w-full max-w-3xl px-3 pb-3 sm:px-4 sm:pb-4">
      <div className="flex items-end gap-2 rounded-2xl border bg-background p-2 shadow-sm focus-within:border-ring">
        <textarea
          ref={area}
          aria-label="Message"
          placeholder="Message the assistant"
          rows={1}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            } else if (event.key === 'Escape' && busy) {
              event.preventDefault();
              onStop();
            }
          }}
          className="max-h-[33vh] min-h-9 w-full flex-1 resize-none bg-transparent px-2 py-1.5 text-[15px] leading-6 outline-none placeholder:text-muted-foreground"
        />
        {busy ? (
          <Button type="button" size="icon" variant="secondary" aria-label="Stop" title="Stop (Esc)" onClick={onStop}>
            <Square className="fill-current" />
          </Button>
        ) : (
          <Button type="submit" size="icon" aria-label="Send" title="Send (Enter)" disabled={disabled || !draft.trim()}>
            <ArrowUp />
          </Button>
        )}
      </div>
    </form>
  );
}

/** /agents and /agents/{sessionId}: the personal assistant, full screen, chats beside it. */
export function AssistantPage() {
  usePageHeader({ title: 'Assistant', description: 'Your personal AI assistant' });
  const sessionId = useParams().sessionId ?? null;
  const { account } = useActiveAccount();
  const accountId = account?.id ?? null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const chat = useChat(sessionId, accountId);
  // A chat with a custom agent: the session's, or for a new chat the one in ?agent=.
  const [searchParams] = useSearchParams();
  const agentId = sessionId ? (chat.session?.agentId ?? null) : searchParams.get('agent');
  const agent = usePublicAgent(agentId).data ?? null;
  const starters = agent ? agent.starterPrompts : STARTERS;
  const [draft, setDraft] = useState('');
  const models = useAiModels(accountId);
  const [newChatModel, setNewChatModel] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  // Stay at the bottom while an answer grows or rows below take their real height (they render
  // lazily), unless the reader scrolled up. Our own scrolls are not the reader's.
  const ownScroll = useRef(false);
  const toBottom = useCallback(() => {
    const element = scroller.current;
    if (!element || !pinned.current) return;
    ownScroll.current = true;
    element.scrollTop = element.scrollHeight;
    requestAnimationFrame(() => {
      ownScroll.current = false;
    });
  }, []);
  const lastText = chat.branch[chat.branch.length - 1];
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the last message grows or one is added
  useLayoutEffect(toBottom, [lastText, chat.branch.length]);
  const [content, setContent] = useState<HTMLOListElement | null>(null);
  useEffect(() => {
    if (!content) return;
    const observer = new ResizeObserver(toBottom);
    observer.observe(content);
    return () => observer.disconnect();
  }, [content, toBottom]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new chat opens at its end
  useEffect(() => {
    pinned.current = true;
  }, [sessionId]);

  // A first message sent before the account has loaded goes as soon as it has.
  const [queued, setQueued] = useState<string | null>(null);
  const send = useCallback(
    (text: string) => {
      setStartError(null);
      pinned.current = true;
      const keep = text;
      setDraft('');
      if (!sessionId) {
        if (!accountId) {
          setQueued(text);
          return;
        }
        startChat(queryClient, {
          accountId,
          text,
          agentId,
          model: newChatModel,
          onCreated: (id) => navigate(`/agents/${id}`),
        }).then(
          (accepted) => !accepted && setDraft(keep),
          (error) => {
            setDraft(keep);
            setStartError(errorMessage(error, 'Could not start the chat'));
          },
        );
        return;
      }
      // A send the server refused (busy, too long): the text comes back to the box.
      void chat.send(text).then((accepted) => !accepted && setDraft(keep));
    },
    [sessionId, accountId, agentId, newChatModel, queryClient, navigate, chat.send],
  );
  useEffect(() => {
    if (queued === null || !accountId) return;
    setQueued(null);
    send(queued);
  }, [queued, accountId, send]);

  const actions = useMemo(
    () => ({
      onDecide: (message: ChatMessage, toolCallId: string, approved: boolean) => {
        pinned.current = true;
        void chat.decide(message.id, toolCallId, approved);
      },
      onEdit: (message: ChatMessage, text: string) => {
        pinned.current = true;
        void chat.send(text, { parentId: message.parentId });
      },
      onRegenerate: (message: ChatMessage) => {
        pinned.current = true;
        void chat.regenerate(message.id);
      },
      onShowVersion: (messageId: string) => void chat.showVersion(messageId),
    }),
    [chat.send, chat.regenerate, chat.showVersion, chat.decide],
  );

  const loadError = chat.detail.isError ? chat.detail.error : null;
  const notFound = loadError !== null;
  const missing = loadError instanceof ApiError && loadError.status === 404;
  const empty = sessionId === null || (chat.detail.isSuccess && chat.branch.length === 0);

  const sidebar = accountId ? (
    <ChatSidebar accountId={accountId} activeId={sessionId} onNavigate={() => setMenuOpen(false)} />
  ) : null;

  return (
    <div className="flex h-dvh flex-col bg-surface">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b bg-background px-2 sm:px-4">
        <Button
          variant="ghost"
          size="icon-sm"
          className="md:hidden"
          aria-label="Chats"
          onClick={() => setMenuOpen(true)}
        >
          <Menu />
        </Button>
        <BackLink to="/dashboard" label="Back home" text="Home" />
        <span className="h-5 w-px bg-border" aria-hidden="true" />
        <LogoMark className="size-6" />
        <div className="min-w-0 flex-1 leading-tight">
          <h1 className="truncate font-semibold text-sm">Assistant</h1>
          <p className="truncate text-muted-foreground text-xs">Your personal AI assistant</p>
        </div>
        {models.data && models.data.models.length > 0 && (
          <ChatModelPicker
            models={models.data}
            value={sessionId ? (chat.session?.model ?? null) : newChatModel}
            disabled={chat.busy}
            onChange={(ref) => {
              if (!sessionId) setNewChatModel(ref);
              else void chat.chooseModel(ref);
            }}
          />
        )}
        {chat.session && (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Share chat"
            title="Share chat"
            onClick={() => setSharing(true)}
          >
            <Share2 />
          </Button>
        )}
        <div className="hidden sm:block">
          <ButtonLink variant="outline" size="sm" to="/agents/explore">
            Explore agents
          </ButtonLink>
        </div>
      </header>
      {chat.session && (
        <ShareLinkDialog
          what="chat"
          publicId={chat.session.publicId}
          share={() => chatApi.share(chat.session?.id as string)}
          revoke={() => chatApi.unshare(chat.session?.id as string)}
          open={sharing}
          onOpenChange={setSharing}
          onChanged={() => void chat.detail.refetch()}
        />
      )}
      <div className="flex min-h-0 flex-1">
        <aside className="hidden w-72 shrink-0 border-r bg-background md:block">{sidebar}</aside>
        <Sheet open={menuOpen} onOpenChange={setMenuOpen} title="Chats">
          {sidebar}
        </Sheet>
        <main id="main" className="flex min-w-0 flex-1 flex-col">
          {agent && <AgentChatBanner agent={agent} />}
          <NoModelNotice accountId={accountId} who={agent ? agent.name : 'The assistant'} className="border-b" />
          <div
            ref={scroller}
            data-chat-scroller
            className="min-h-0 flex-1 overflow-y-auto [overflow-anchor:none]"
            onScroll={(event) => {
              if (ownScroll.current) return;
              const element = event.currentTarget;
              pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
            }}
          >
            {notFound ? (
              <div className="mx-auto max-w-md px-4 py-16 text-center">
                <h2 className="font-semibold text-lg">{missing ? 'Chat not found' : 'Could not open this chat'}</h2>
                <p className="mt-1 text-muted-foreground text-sm">
                  {missing
                    ? 'It was deleted, or it is in an account you are not in.'
                    : errorMessage(loadError, 'Something went wrong.')}
                </p>
                <div className="mt-4 flex justify-center gap-2">
                  {!missing && (
                    <Button variant="outline" onClick={() => void chat.detail.refetch()}>
                      Try again
                    </Button>
                  )}
                  <Button onClick={() => navigate('/agents')}>Start a new chat</Button>
                </div>
              </div>
            ) : empty ? (
              sessionId && !chat.detail.isSuccess ? null : (
                <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center">
                  <span className="flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary">
                    <Sparkles className="size-6" aria-hidden="true" />
                  </span>
                  <h2 className="mt-4 font-semibold text-xl">{agent ? agent.name : 'How can I help?'}</h2>
                  <p className="mt-1 text-muted-foreground text-sm">
                    {agent?.description || 'Ask anything. Your chats are saved and listed beside this one.'}
                  </p>
                  <div className="mt-6 grid w-full gap-2 sm:grid-cols-2">
                    {starters.map((starter) => (
                      <button
                        key={starter}
                        type="button"
                        onClick={() => send(starter)}
                        disabled={!accountId || chat.busy}
                        className="rounded-xl border bg-background px-3 py-2.5 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
                      >
                        {starter}
                      </button>
                    ))}
                  </div>
                </div>
              )
            ) : chat.detail.isPending ? (
              <p className="px-4 py-8 text-center text-muted-foreground text-sm">Loading chat…</p>
            ) : (
              <ol ref={setContent} className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6" aria-label="Messages">
                {chat.branch.map((message) => (
                  <li key={message.id}>
                    <ChatMessageView
                      message={message}
                      siblings={chat.siblings.get(message.id) ?? [message]}
                      busy={chat.busy}
                      actions={actions}
                    />
                  </li>
                ))}
              </ol>
            )}
          </div>
          {(startError || chat.failure) && (
            <div
              role="alert"
              className="mx-auto mb-2 flex w-full max-w-3xl items-center justify-between gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm"
            >
              <span>{startError ?? chat.failure}</span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setStartError(null);
                  chat.dismissFailure();
                }}
              >
                Dismiss
              </Button>
            </div>
          )}
          {!notFound && (
            <Composer
              busy={chat.busy}
              disabled={queued !== null}
              onSend={send}
              onStop={() => void chat.stop()}
              autoFocus
              draft={draft}
              setDraft={setDraft}
            />
          )}
        </main>
      </div>
    </div>
  );
}
