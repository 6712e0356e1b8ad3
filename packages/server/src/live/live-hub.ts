import { LIVE_COLLECTION_LIMIT, LiveClientMessage, type LiveDoc, type LiveServerMessage } from '@flowmind/shared/live';
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
import { createLiveQueries, type LiveSubscriber } from './live-queries';

export { CLOSE_SESSION_ENDED } from './live-limits';
export { MISSING_DOCUMENT } from './live-queries';

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

/** A subscription of one socket: its place in a shared query, and how to leave it. */
type Subscription = { subscriber: LiveSubscriber; leave(): void };

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
  const queries = createLiveQueries({
    logger,
    concurrency: limits.queryConcurrency,
    minIntervalMs: limits.minIntervalMs,
  });
  /** Open sockets by their sign-in session, to close them when it ends. */
  const bySession = new Map<string, Set<(code: number, reason: string) => void>>();
  const perUser = new Map<string, number>();
  const changed = new Set<string>();
  let flushTimer: NodeJS.Timeout | null = null;

  function flush() {
    flushTimer = null;
    const topicsNow = [...changed];
    changed.clear();
    queries.changed(topicsNow);
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
      send: sendJson,
      end,
    }: {
      session: LiveSession;
      /** Sends a message serialised as JSON. */
      send(json: string): void;
      /** Closes the socket; `close()` follows from its close event. */
      end(code: number, reason: string): void;
    }): LiveConnection {
      const { userId } = session;
      const send = (message: LiveServerMessage) => sendJson(JSON.stringify(message));
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

      function count(delta: number) {
        const next = (perUser.get(userId) ?? 0) + delta;
        if (next > 0) perUser.set(userId, next);
        else perUser.delete(userId);
      }

      function drop(id: string) {
        const sub = subscriptions.get(id);
        if (!sub) return;
        subscriptions.delete(id);
        sub.leave();
        count(-1);
      }

      function refuse(id: string, message: string) {
        send({ type: 'error', id, code: 'rate_limited', message });
      }

      function subscribe(message: Extract<LiveClientMessage, { type: 'subscribe' }>) {
        const replacing = subscriptions.has(message.id);
        if (!replacing && subscriptions.size >= limits.subscriptionsPerSocket) {
          const most = limits.subscriptionsPerSocket;
          return refuse(
            message.id,
            `Too many live subscriptions on this connection (at most ${most}); unsubscribe first`,
          );
        }
        if (!replacing && (perUser.get(userId) ?? 0) >= limits.subscriptionsPerUser) {
          const most = limits.subscriptionsPerUser;
          return refuse(
            message.id,
            `Too many live subscriptions for this user (at most ${most} across open tabs); close some tabs or unsubscribe first`,
          );
        }
        for (const source of sources) {
          const params = match(source.pattern, message.path);
          if (!params) continue;
          drop(message.id);
          const subscriber: LiveSubscriber = {
            id: message.id,
            last: null,
            send: sendJson,
            failed: (code, text) => {
              if (subscriptions.get(message.id)?.subscriber !== subscriber) return;
              subscriptions.delete(message.id);
              count(-1);
              send({ type: 'error', id: message.id, code, message: text });
            },
          };
          const limit = message.limit ?? LIVE_COLLECTION_LIMIT;
          const leave = queries.join({ userId, path: message.path, source, params, limit }, subscriber);
          subscriptions.set(message.id, { subscriber, leave });
          count(1);
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
        if (message.type === 'unsubscribe') return drop(message.id);
        if (message.type === 'subscribe') subscribe(message);
      }

      function close() {
        if (closed) return;
        closed = true;
        if (expiryTimer) clearTimeout(expiryTimer);
        for (const handler of handlers.values()) handler.close();
        handlers.clear();
        for (const id of [...subscriptions.keys()]) drop(id);
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
