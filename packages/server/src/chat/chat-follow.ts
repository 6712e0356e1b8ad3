import type { ChatMessage, ChatStreamEvent } from '@flowmind/shared/chat';
import type { Generation } from './chat-runner';

/**
 * Events of an answer: what it holds now, then what it adds, until it is done. One this process
 * is writing is followed as it is written; one another process writes (or that is done) is read
 * as it is saved, every `pollMs`, until it ends or this process takes it over.
 */
export async function* followAnswer(
  messageId: string,
  {
    local,
    read,
    pollMs = 250,
  }: {
    /** The answer when this process is writing it. */
    local: (messageId: string) => Generation | undefined | null;
    /** The answer as saved (an interrupted one settled), or null when it is gone. */
    read: (messageId: string) => Promise<ChatMessage | null>;
    pollMs?: number;
  },
): AsyncGenerator<ChatStreamEvent> {
  const generation = local(messageId);
  if (generation) {
    yield* followGeneration(generation);
    return;
  }
  let last = '';
  for (;;) {
    const message = await read(messageId);
    if (!message) return;
    if (message.status !== 'streaming') {
      yield { type: 'done', message };
      return;
    }
    if (message.updatedAt !== last) {
      last = message.updatedAt;
      yield { type: 'message', message };
    }
    const taken = local(messageId);
    if (taken) {
      yield* followGeneration(taken);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Events of an answer this process is writing: a snapshot, then each event as it comes. */
export async function* followGeneration(generation: Generation): AsyncGenerator<ChatStreamEvent> {
  const queue: ChatStreamEvent[] = [];
  let wake: (() => void) | null = null;
  // Listening starts before the snapshot is taken, in the same tick: nothing falls between them.
  const unlisten = generation.listen((event) => {
    queue.push(event);
    wake?.();
  });
  try {
    if (generation.isDone()) {
      yield { type: 'done', message: generation.snapshot() };
      return;
    }
    yield { type: 'message', message: generation.snapshot() };
    for (;;) {
      const event = queue.shift();
      if (event) {
        yield event;
        if (event.type === 'done') return;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  } finally {
    unlisten();
  }
}
