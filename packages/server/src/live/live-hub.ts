import { AppError } from '@flowmind/shared/errors';
import {
  LIVE_COLLECTION_LIMIT,
  type LiveChange,
  LiveClientMessage,
  type LiveDoc,
  type LiveServerMessage,
} from '@flowmind/shared/live';
import type { Logger } from 'pino';
import type { ChangeBus } from './change-bus';

export const MISSING_DOCUMENT = 'Document does not exist in the collection';

/** What a path resolves to for one user: its documents and the topics that change them. */
export type LiveResult = { docs: LiveDoc[] } | { doc: LiveDoc | null };
export type LiveSource = {
  /** Segments; `:name` matches any one segment and is passed in `params`. */
  pattern: string;
  load(input: {
    userId: string;
    params: Record<string, string>;
    limit: number;
  }): Promise<LiveResult & { topics: string[] }>;
};

type Subscription = {
  path: string;
  source: LiveSource;
  params: Record<string, string>;
  limit: number;
  topics: Set<string>;
  last: Map<string, string> | null;
  running: Promise<void> | null;
  again: boolean;
};

/**
 * A channel handles messages beyond subscriptions (note documents): one handler per connection,
 * made on the connection's first message of one of its types.
 */
export type LiveChannel = {
  types: readonly string[];
  connect(input: { userId: string; send(message: LiveServerMessage): void }): {
    receive(message: LiveClientMessage): void;
    close(): void;
  };
};

export type LiveConnection = {
  receive(raw: string): void;
  close(): void;
};

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const h = have[i] as string;
    if (w.startsWith(':')) params[w.slice(1)] = h;
    else if (w !== h) return null;
  }
  return params;
}

export function createLiveHub({ bus, logger }: { bus: ChangeBus; logger: Logger }) {
  const sources: LiveSource[] = [];
  const channels: LiveChannel[] = [];

  return {
    register(source: LiveSource) {
      sources.push(source);
    },
    channel(channel: LiveChannel) {
      channels.push(channel);
    },

    connect({ userId, send }: { userId: string; send(message: LiveServerMessage): void }): LiveConnection {
      const subscriptions = new Map<string, Subscription>();
      const handlers = new Map<LiveChannel, ReturnType<LiveChannel['connect']>>();

      async function refresh(id: string, sub: Subscription) {
        try {
          const result = await sub.source.load({ userId, params: sub.params, limit: sub.limit });
          if (subscriptions.get(id) !== sub) return;
          sub.topics = new Set(result.topics);
          const isDoc = 'doc' in result;
          if (isDoc && result.doc === null) throw new AppError('not_found', MISSING_DOCUMENT);
          const docs = isDoc ? [result.doc as LiveDoc] : (result as { docs: LiveDoc[] }).docs;
          const next = new Map(docs.map((doc) => [doc.id, JSON.stringify(doc)]));
          const initial = sub.last === null;
          const changes: LiveChange[] = [];
          for (const doc of docs) {
            const before = sub.last?.get(doc.id);
            if (before === undefined) changes.push({ type: 'added', doc });
            else if (before !== next.get(doc.id)) changes.push({ type: 'modified', doc });
          }
          for (const [docId, json] of sub.last ?? []) {
            if (!next.has(docId)) changes.push({ type: 'removed', doc: JSON.parse(json) as LiveDoc });
          }
          sub.last = next;
          if (initial || changes.length > 0) send({ type: 'snapshot', id, docs, changes, initial });
        } catch (error) {
          if (subscriptions.get(id) !== sub) return;
          subscriptions.delete(id);
          const appError = error instanceof AppError ? error : null;
          if (!appError) logger.error({ err: error, livePath: sub.path }, 'live query failed');
          send({
            type: 'error',
            id,
            code: appError?.code ?? 'internal',
            message: appError?.message ?? 'Live query failed',
          });
        }
      }

      /** Coalesces bursts: at most one query in flight and one queued per subscription. */
      function schedule(id: string, sub: Subscription) {
        if (sub.running) {
          sub.again = true;
          return;
        }
        sub.running = refresh(id, sub).finally(() => {
          sub.running = null;
          if (sub.again) {
            sub.again = false;
            schedule(id, sub);
          }
        });
      }

      const unsubscribeBus = bus.subscribe((topic) => {
        for (const [id, sub] of subscriptions) if (sub.topics.has(topic)) schedule(id, sub);
      });

      return {
        receive(raw) {
          let message: LiveClientMessage;
          try {
            message = LiveClientMessage.parse(JSON.parse(raw));
          } catch {
            send({ type: 'error', code: 'bad_request', message: 'Invalid message' });
            return;
          }
          if (message.type === 'ping') return send({ type: 'pong' });
          const channel = channels.find((c) => c.types.includes(message.type));
          if (channel) {
            let handler = handlers.get(channel);
            if (!handler) {
              handler = channel.connect({ userId, send });
              handlers.set(channel, handler);
            }
            return handler.receive(message);
          }
          if (message.type === 'unsubscribe') {
            subscriptions.delete(message.id);
            return;
          }
          if (message.type !== 'subscribe') return;
          if (subscriptions.size >= 100 && !subscriptions.has(message.id)) {
            return send({ type: 'error', id: message.id, code: 'rate_limited', message: 'Too many subscriptions' });
          }
          for (const source of sources) {
            const params = match(source.pattern, message.path);
            if (!params) continue;
            const sub: Subscription = {
              path: message.path,
              source,
              params,
              limit: message.limit ?? LIVE_COLLECTION_LIMIT,
              topics: new Set(),
              last: null,
              running: null,
              again: false,
            };
            subscriptions.set(message.id, sub);
            schedule(message.id, sub);
            return;
          }
          send({
            type: 'error',
            id: message.id,
            code: 'not_found',
            message: `Nothing to listen to at ${message.path}`,
          });
        },
        close() {
          for (const handler of handlers.values()) handler.close();
          handlers.clear();
          subscriptions.clear();
          unsubscribeBus();
        },
      };
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
