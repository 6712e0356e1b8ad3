import type { PublicChatPart } from '@flowmind/shared/chat';
import { useQuery } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { ShareUnavailable } from '../../components/share-unavailable';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { usePageHeader } from '../page-header/use-page-header';
import { chatApi } from './chat-api';
import { ChatMarkdown } from './chat-markdown';
import { toolLabel } from './chat-tool-card';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

/** /share/cht_…: a conversation someone shared by link, read-only, for anyone (signed in or not). */
export function SharedChat({ publicId }: { publicId: string }) {
  const chat = useQuery({
    queryKey: ['public-chat', publicId],
    queryFn: () => chatApi.publicChat(publicId),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  usePageHeader({ title: chat.data?.title || 'Shared chat', loading: chat.isPending });

  if (chat.error) return <ShareUnavailable error={chat.error} what="chat" />;
  if (!chat.data) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4" role="status" aria-busy="true" aria-label="Loading chat">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="ml-auto h-10 w-1/2" />
        <Skeleton className="h-4" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    );
  }
  return (
    <article className="mx-auto w-full max-w-3xl rounded-xl border bg-background px-5 py-8 shadow-xs sm:px-10 sm:py-10">
      <h1 className="font-bold text-2xl tracking-tight">{chat.data.title}</h1>
      <p className="mt-2 mb-8 text-muted-foreground text-sm">
        A conversation with the Flowmind assistant ·{' '}
        <time dateTime={chat.data.updatedAt}>{timeFormat.format(new Date(chat.data.updatedAt))}</time>
      </p>
      <ol className="flex flex-col gap-6" aria-label="Messages">
        {chat.data.messages.map((message, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a shared chat is read once, in order, and never changes
          <li key={index}>
            {message.role === 'user' ? (
              <div className="ml-auto w-fit max-w-[85%] whitespace-pre-wrap rounded-2xl bg-muted px-4 py-2.5 text-[15px]">
                {message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')}
              </div>
            ) : (
              <SharedAnswer parts={message.parts} />
            )}
          </li>
        ))}
      </ol>
    </article>
  );
}

/** An answer's texts and the tools it used, each in the place it was written. */
function SharedAnswer({ parts }: { parts: PublicChatPart[] }) {
  return (
    <div className="flex flex-col gap-2">
      {parts.map((part, index) =>
        part.type === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a shared answer never change
          <ChatMarkdown key={index} text={part.text} />
        ) : (
          <p
            // biome-ignore lint/suspicious/noArrayIndexKey: the same tool may be used twice in one answer
            key={index}
            className="flex items-center gap-2 text-muted-foreground text-xs"
          >
            <Wrench className="size-3.5" aria-hidden="true" /> Used: {toolLabel(part)}
          </p>
        ),
      )}
    </div>
  );
}
