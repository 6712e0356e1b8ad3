import type { ChatMessage } from '@flowmind/shared/chat';
import { NO_MODEL_TEXT } from '@flowmind/shared/chat';
import { Check, ChevronLeft, ChevronRight, Copy, Pencil, RefreshCw, TriangleAlert } from 'lucide-react';
import { memo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { IconButton } from '../../components/ui/icon-button';
import { Textarea } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { ChatMarkdown } from './chat-markdown';
import { textOfMessage } from './chat-streams';
import { ChatToolCard } from './chat-tool-card';

type Actions = {
  onDecide: (message: ChatMessage, toolCallId: string, approved: boolean) => void;
  onEdit: (message: ChatMessage, text: string) => void;
  onRegenerate: (message: ChatMessage) => void;
  onShowVersion: (messageId: string) => void;
};

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <IconButton
      label={copied ? 'Copied' : 'Copy'}
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        })
      }
    >
      {copied ? <Check className="size-4" /> : <Copy className="size-4" />}
    </IconButton>
  );
}

/** "‹ 2 / 3 ›": the versions of a message that edits or regenerations made. */
function Versions({
  message,
  siblings,
  disabled,
  onShowVersion,
}: {
  message: ChatMessage;
  siblings: ChatMessage[];
  disabled: boolean;
  onShowVersion: (id: string) => void;
}) {
  if (siblings.length < 2) return null;
  const at = siblings.findIndex((sibling) => sibling.id === message.id);
  const go = (to: number) => {
    const target = siblings[to];
    if (target) onShowVersion(target.id);
  };
  return (
    <fieldset className="flex items-center border-0 p-0 text-muted-foreground text-xs">
      <legend className="sr-only">Versions</legend>
      <IconButton label="Previous version" disabled={disabled || at <= 0} onClick={() => go(at - 1)}>
        <ChevronLeft className="size-4" />
      </IconButton>
      <span className="tabular-nums">
        {at + 1} / {siblings.length}
      </span>
      <IconButton label="Next version" disabled={disabled || at >= siblings.length - 1} onClick={() => go(at + 1)}>
        <ChevronRight className="size-4" />
      </IconButton>
    </fieldset>
  );
}

/** One message of the branch on screen. Memoised: a long chat re-renders only what changed. */
export const ChatMessageView = memo(function ChatMessageView({
  message,
  siblings,
  busy,
  actions,
}: {
  message: ChatMessage;
  siblings: ChatMessage[];
  busy: boolean;
  actions: Actions;
}) {
  const text = textOfMessage(message);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);

  if (message.role === 'user') {
    return (
      <div className="chat-row group flex flex-col items-end gap-1" data-role="user">
        {editing ? (
          <form
            className="flex w-full max-w-[85%] flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (!draft.trim()) return;
              setEditing(false);
              actions.onEdit(message, draft.trim());
            }}
          >
            <Textarea
              aria-label="Edit message"
              value={draft}
              autoFocus
              rows={Math.min(10, Math.max(2, draft.split('\n').length))}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setEditing(false);
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }
              }}
            />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button type="submit" size="sm" disabled={!draft.trim() || busy}>
                Send
              </Button>
            </div>
          </form>
        ) : (
          <div className="max-w-[85%] whitespace-pre-wrap rounded-2xl bg-muted px-4 py-2.5 text-[15px] leading-relaxed">
            {text}
          </div>
        )}
        {!editing && (
          <div className="flex items-center gap-0.5 opacity-100 transition-opacity focus-within:opacity-100 sm:opacity-0 sm:group-hover:opacity-100">
            <Versions message={message} siblings={siblings} disabled={busy} onShowVersion={actions.onShowVersion} />
            <CopyButton text={text} />
            <IconButton
              label="Edit message"
              disabled={busy}
              onClick={() => {
                setDraft(text);
                setEditing(true);
              }}
            >
              <Pencil className="size-4" />
            </IconButton>
          </div>
        )}
      </div>
    );
  }

  const streaming = message.status === 'streaming';
  return (
    <div className="chat-row group flex flex-col gap-1" data-role="assistant" aria-busy={streaming}>
      {message.parts.map((part, index) =>
        part.type === 'text' ? (
          part.text ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts only grow at the end; a part keeps its place
            <ChatMarkdown key={index} text={part.text} />
          ) : null
        ) : part.type === 'tool' ? (
          <ChatToolCard
            key={part.toolCallId}
            part={part}
            busy={busy}
            onDecide={(approved) => actions.onDecide(message, part.toolCallId, approved)}
          />
        ) : null,
      )}
      {message.parts.length > 0 ? null : streaming ? (
        <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
          <span className="chat-thinking" aria-hidden="true" /> Thinking…
        </p>
      ) : null}
      {message.status === 'stopped' && <p className="text-muted-foreground text-xs">Stopped</p>}
      {message.status === 'error' && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <div>
            <p>{message.error}</p>
            {message.error === NO_MODEL_TEXT && (
              <Link to="/settings/ai" className="font-medium text-primary underline underline-offset-2">
                Set up an AI model in Settings
              </Link>
            )}
          </div>
        </div>
      )}
      {!streaming && (
        <div
          className={cn(
            'flex items-center gap-0.5 transition-opacity focus-within:opacity-100',
            'opacity-100 sm:opacity-0 sm:group-hover:opacity-100',
          )}
        >
          <Versions message={message} siblings={siblings} disabled={busy} onShowVersion={actions.onShowVersion} />
          {text && <CopyButton text={text} />}
          <IconButton label="Regenerate" disabled={busy} onClick={() => actions.onRegenerate(message)}>
            <RefreshCw className="size-4" />
          </IconButton>
        </div>
      )}
    </div>
  );
});
