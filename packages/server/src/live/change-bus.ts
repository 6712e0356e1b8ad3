import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from 'pino';

/**
 * Topics name what changed: `user:{userId}`, `account:{accountId}`, `session:{sessionId}` (ended). Live subscriptions that depend
 * on a topic run their query again when it is published.
 */
export type ChangeBus = {
  publish(topics: string[]): void;
  subscribe(listener: (topic: string) => void): () => void;
  /**
   * A short message (under 7,000 bytes) for the other processes listening on `kind` now, such as
   * a cursor moving: never stored, dropped when too long, and not delivered in this process.
   */
  relay(kind: string, message: string): void;
  onRelay(kind: string, listener: (message: string) => void): () => void;
  close(): Promise<void>;
};

const CHANNEL = 'flowmind_changes';
const RELAY_CHANNEL = 'flowmind_relay';
/** pg_notify's payload limit is 8,000 bytes; the origin and kind take the rest. */
const MAX_RELAY_BYTES = 7000;
const MAX_NOTIFY_BYTES = 7900;
const NOTIFY_GAP_MS = 50;

export function createLocalChangeBus(): ChangeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(topics) {
      for (const topic of new Set(topics)) emitter.emit('change', topic);
    },
    subscribe(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    // One process: nobody else to relay to.
    relay() {},
    onRelay: () => () => {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Crosses processes with LISTEN/NOTIFY; local listeners hear a change at once, others by NOTIFY. */
export async function createPostgresChangeBus({
  connection,
  logger,
}: {
  connection: pg.ClientConfig;
  logger: Logger;
}): Promise<ChangeBus> {
  const local = createLocalChangeBus();
  const origin = randomUUID();
  const listener = new pg.Client(connection);
  const notifier = new pg.Pool({ ...connection, max: 2 });
  await listener.connect();
  await listener.query(`listen ${CHANNEL}`);
  await listener.query(`listen ${RELAY_CHANNEL}`);
  const relayed = new EventEmitter();
  relayed.setMaxListeners(0);
  listener.on('notification', (message) => {
    if (!message.payload) return;
    if (message.channel === RELAY_CHANNEL) {
      const [from, kind, ...rest] = message.payload.split('\n');
      if (from !== origin && kind) relayed.emit(kind, rest.join('\n'));
      return;
    }
    const [from, ...topics] = message.payload.split('\n');
    if (from !== origin) local.publish(topics);
  });
  listener.on('error', (error) => logger.error({ err: error }, 'change bus listener failed'));
  // Topics go out one NOTIFY at a time, and at most one every NOTIFY_GAP_MS: what is published
  // meanwhile goes in the next. A busy flow changes the same few topics hundreds of times a second;
  // each NOTIFY is a statement and a commit, and a write to the database's socket costs the thread
  // that serves HTTP. Other processes hear of a change at most that much later.
  const unsent = new Set<string>();
  let sending: Promise<void> | null = null;
  const sendUnsent = async () => {
    while (unsent.size > 0) {
      const payloads: string[] = [];
      let payload = origin;
      for (const topic of unsent) {
        if (payload !== origin && Buffer.byteLength(payload) + Buffer.byteLength(topic) + 1 > MAX_NOTIFY_BYTES) {
          payloads.push(payload);
          payload = origin;
        }
        payload += `\n${topic}`;
      }
      payloads.push(payload);
      unsent.clear();
      for (const part of payloads)
        await notifier
          .query('select pg_notify($1, $2)', [CHANNEL, part])
          .catch((error) => logger.error({ err: error }, 'change bus notify failed'));
      await new Promise((resolve) => setTimeout(resolve, NOTIFY_GAP_MS));
    }
    sending = null;
  };
  return {
    publish(topics) {
      if (topics.length === 0) return;
      local.publish(topics);
      for (const topic of topics) unsent.add(topic);
      sending ??= new Promise((resolve) => setImmediate(resolve)).then(sendUnsent);
    },
    subscribe: local.subscribe,
    relay(kind, message) {
      const payload = `${origin}\n${kind}\n${message}`;
      if (Buffer.byteLength(payload) > MAX_RELAY_BYTES) return;
      notifier
        .query('select pg_notify($1, $2)', [RELAY_CHANNEL, payload])
        .catch((error) => logger.error({ err: error }, 'change bus relay failed'));
    },
    onRelay(kind, listener) {
      relayed.on(kind, listener);
      return () => relayed.off(kind, listener);
    },
    async close() {
      relayed.removeAllListeners();
      await local.close();
      await sending;
      await listener.end();
      await notifier.end();
    },
  };
}

const SESSION_TOPIC = 'session:';

export const topics = {
  user: (userId: string) => `user:${userId}`,
  account: (accountId: string) => `account:${accountId}`,
  table: (tableId: string) => `table:${tableId}`,
  note: (noteId: string) => `note:${noteId}`,
  /** An account's notes list (not the whole account: typing in a note must not refresh every list). */
  notes: (accountId: string) => `notes:${accountId}`,
  /** A sign-in session ended (sign-out, revocation, password reset, user deleted): its sockets close. */
  session: (sessionId: string) => `${SESSION_TOPIC}${sessionId}`,
};

/** The session id of a `session:{id}` topic, else null. */
export function sessionOfTopic(topic: string): string | null {
  return topic.startsWith(SESSION_TOPIC) ? topic.slice(SESSION_TOPIC.length) : null;
}
