import { AppError } from '@flowmind/shared/errors';
import {
  LIVE_COLLECTION_LIMIT,
  type LiveChange,
  LiveClientMessage,
  type LiveDoc,
  type LiveServerMessage,
} from '@flowmind/shared/live';
import type { Logger } from 'pino';
import { type ChangeBus, sessionOfTopic } from './change-bus';
import {
  CLOSE_SESSION_ENDED,
  CLOSE_TRY_AGAIN,
  LENIENT_CHECK_MS,
  LIVE_LIMITS,
  type LiveLimits,
  MAX_TIMER_MS,
} from './live-limits';
import { createRefreshQueue, type RefreshJob } from './refresh-queue';

export { CLOSE_SESSION_ENDED } from './live-limits';

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

type Subscription = RefreshJob & {
  id: string;
  path: string;
  source: LiveSource;
  params: Record<string, string>;
  limit: number;
  topics: Set<string>;
  last: Map<string, string> | null;
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

/** The sign-in session a socket was opened with. */
export type LiveSession = {
  id: string;
  userId: string;
  expiresAt: Date;
  /** Reads the session again: its expiry while it is still valid, else null (signed out, revoked, expired). */
  check(): Promise<Date | null>;
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

export function createLiveHub({
  bus,
  logger,
  limits: given = {},
}: {
  bus: ChangeBus;
  logger: Logger;
  limits?: Partial<LiveLimits>;
}) {
  const limits = { ...LIVE_LIMITS, ...given };
  const sources: LiveSource[] = [];
  const channels: LiveChannel[] = [];
  const queue = createRefreshQueue({ concurrency: limits.queryConcurrency });
  /** Subscriptions by the topics their last query depended on: a change finds its dependents without a scan. */
  const byTopic = new Map<string, Set<Subscription>>();
  /** Open sockets by their sign-in session, to close them when it ends. */
  const bySession = new Map<string, Set<(code: number, reason: string) => void>>();
  const perUser = new Map<string, number>();
  const changed = new Set<string>();
  let flushTimer: NodeJS.Timeout | null = null;

  function index(sub: Subscription, next: Set<string>) {
    for (const topic of sub.topics) {
      if (next.has(topic)) continue;
      const dependents = byTopic.get(topic);
      dependents?.delete(sub);
      if (dependents?.size === 0) byTopic.delete(topic);
    }
    for (const topic of next) {
      let dependents = byTopic.get(topic);
      if (!dependents) {
        dependents = new Set();
        byTopic.set(topic, dependents);
      }
      dependents.add(sub);
    }
    sub.topics = next;
  }

  function flush() {
    flushTimer = null;
    const topicsNow = [...changed];
    changed.clear();
    for (const topic of topicsNow) for (const sub of byTopic.get(topic) ?? []) queue.mark(sub);
  }

  bus.subscribe((topic) => {
    const endedSession = sessionOfTopic(topic);
    if (endedSession !== null) {
      for (const end of [...(bySession.get(endedSession) ?? [])]) end(CLOSE_SESSION_ENDED, 'Signed out');
      return;
    }
    changed.add(topic);
    if (!flushTimer) {
      flushTimer = setTimeout(flush, limits.coalesceMs);
      flushTimer.unref();
    }
  });

  return {
    limits,
    register(source: LiveSource) {
      sources.push(source);
    },
    channel(channel: LiveChannel) {
      channels.push(channel);
    },

    /**
     * One socket. Every message waits for a check that the session is still valid (one started
     * after the message arrived; pings and cursor moves accept one from the last second), and
     * the socket is ended when the session ends (the `session:{id}` topic, from any process) or
     * expires. Access to each path's data is checked by its source on every query.
     */
    connect({
      session,
      send,
      end,
    }: {
      session: LiveSession;
      send(message: LiveServerMessage): void;
      /** Closes the socket; `close()` follows from its close event. */
      end(code: number, reason: string): void;
    }): LiveConnection {
      const { userId } = session;
      const subscriptions = new Map<string, Subscription>();
      const handlers = new Map<LiveChannel, ReturnType<LiveChannel['connect']>>();
      let closed = false;
      let received = 0;
      /** Messages up to this number arrived before a check that passed. */
      let checkedThrough = 0;
      let checkedAt = Date.now();
      let chain = Promise.resolve();
      let expiryTimer: NodeJS.Timeout | null = null;

      const endSocket = (code: number, reason: string) => {
        if (closed) return;
        close();
        end(code, reason);
      };
      let sessionSockets = bySession.get(session.id);
      if (!sessionSockets) {
        sessionSockets = new Set();
        bySession.set(session.id, sessionSockets);
      }
      sessionSockets.add(endSocket);

      function watchExpiry(expiresAt: Date) {
        if (expiryTimer) clearTimeout(expiryTimer);
        const wait = Math.min(MAX_TIMER_MS, Math.max(0, expiresAt.getTime() - Date.now()) + 1000);
        expiryTimer = setTimeout(() => {
          session
            .check()
            .then((next) => {
              if (closed) return;
              if (next) watchExpiry(next);
              else endSocket(CLOSE_SESSION_ENDED, 'Session expired');
            })
            .catch(() => endSocket(CLOSE_TRY_AGAIN, 'Try again'));
        }, wait);
        expiryTimer.unref();
      }
      watchExpiry(session.expiresAt);

      async function allowed(type: LiveClientMessage['type'], seq: number): Promise<boolean> {
        if (checkedThrough >= seq) return true;
        const lenient = type === 'ping' || type === 'note-awareness';
        if (lenient && Date.now() - checkedAt < LENIENT_CHECK_MS) return true;
        const through = received;
        const startedAt = Date.now();
        let expiresAt: Date | null;
        try {
          expiresAt = await session.check();
        } catch (error) {
          logger.error({ err: error }, 'live session check failed');
          endSocket(CLOSE_TRY_AGAIN, 'Try again');
          return false;
        }
        if (closed) return false;
        if (!expiresAt) {
          endSocket(CLOSE_SESSION_ENDED, 'Signed out');
          return false;
        }
        checkedThrough = Math.max(checkedThrough, through);
        checkedAt = startedAt;
        return true;
      }

      function drop(id: string, sub: Subscription) {
        if (subscriptions.get(id) === sub) subscriptions.delete(id);
        if (sub.dead) return;
        queue.drop(sub);
        index(sub, new Set());
        const count = (perUser.get(userId) ?? 1) - 1;
        if (count > 0) perUser.set(userId, count);
        else perUser.delete(userId);
      }

      async function refresh(sub: Subscription) {
        try {
          const result = await sub.source.load({ userId, params: sub.params, limit: sub.limit });
          if (sub.dead) return;
          index(sub, new Set(result.topics));
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
          if (initial || changes.length > 0) send({ type: 'snapshot', id: sub.id, docs, changes, initial });
        } catch (error) {
          if (sub.dead) return;
          drop(sub.id, sub);
          const appError = error instanceof AppError ? error : null;
          if (!appError) logger.error({ err: error, livePath: sub.path }, 'live query failed');
          send({
            type: 'error',
            id: sub.id,
            code: appError?.code ?? 'internal',
            message: appError?.message ?? 'Live query failed',
          });
        }
      }

      function subscribe(message: Extract<LiveClientMessage, { type: 'subscribe' }>) {
        const replacing = subscriptions.get(message.id);
        if (!replacing) {
          if (subscriptions.size >= limits.subscriptionsPerSocket) {
            return send({
              type: 'error',
              id: message.id,
              code: 'rate_limited',
              message: `Too many live subscriptions on this connection (at most ${limits.subscriptionsPerSocket}); unsubscribe from some first`,
            });
          }
          if ((perUser.get(userId) ?? 0) >= limits.subscriptionsPerUser) {
            return send({
              type: 'error',
              id: message.id,
              code: 'rate_limited',
              message: `Too many live subscriptions for this user (at most ${limits.subscriptionsPerUser} across open tabs); close some tabs or unsubscribe first`,
            });
          }
        }
        for (const source of sources) {
          const params = match(source.pattern, message.path);
          if (!params) continue;
          if (replacing) drop(message.id, replacing);
          const sub: Subscription = {
            id: message.id,
            owner: userId,
            path: message.path,
            source,
            params,
            limit: message.limit ?? LIVE_COLLECTION_LIMIT,
            topics: new Set(),
            last: null,
            dead: false,
            queued: false,
            running: false,
            again: false,
            run: () => refresh(sub),
          };
          subscriptions.set(message.id, sub);
          perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
          queue.mark(sub);
          return;
        }
        send({
          type: 'error',
          id: message.id,
          code: 'not_found',
          message: `Nothing to listen to at ${message.path}`,
        });
      }

      async function handle(raw: string, seq: number) {
        if (closed) return;
        let message: LiveClientMessage;
        try {
          message = LiveClientMessage.parse(JSON.parse(raw));
        } catch {
          send({ type: 'error', code: 'bad_request', message: 'Invalid message' });
          return;
        }
        if (!(await allowed(message.type, seq))) return;
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
          const sub = subscriptions.get(message.id);
          if (sub) drop(message.id, sub);
          return;
        }
        if (message.type === 'subscribe') subscribe(message);
      }

      function close() {
        if (closed) return;
        closed = true;
        if (expiryTimer) clearTimeout(expiryTimer);
        for (const handler of handlers.values()) handler.close();
        handlers.clear();
        for (const [id, sub] of subscriptions) drop(id, sub);
        const sockets = bySession.get(session.id);
        sockets?.delete(endSocket);
        if (sockets?.size === 0) bySession.delete(session.id);
      }

      return {
        receive(raw) {
          if (closed) return;
          received += 1;
          const seq = received;
          // In arrival order, each after its session check.
          chain = chain
            .then(() => handle(raw, seq))
            .catch((error) => logger.error({ err: error }, 'live message failed'));
        },
        close,
      };
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
