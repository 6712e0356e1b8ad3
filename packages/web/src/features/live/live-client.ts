import type {
  LiveClientMessage,
  LiveDoc,
  LiveNoteMessage,
  LiveNoteServerMessage,
  LiveServerMessage,
} from '@flowmind/shared/live';
import { session, sessionStore } from '../session/session-store';

export type LiveSnapshot = Extract<LiveServerMessage, { type: 'snapshot' }>;
export type LiveError = { code: string; message: string };
export type LiveListener = { onSnapshot(snapshot: LiveSnapshot): void; onError(error: LiveError): void };

type Subscription = {
  id: string;
  path: string;
  limit?: number;
  listeners: Set<LiveListener>;
  last: LiveSnapshot | null;
  error: LiveError | null;
};

/**
 * A channel shares the socket for messages beyond subscriptions (note documents): it keeps the
 * socket connected while attached, hears when it opens and closes, and gets the messages of its kind.
 */
export type LiveChannel = {
  onOpen(): void;
  onClose(): void;
  onMessage(message: LiveNoteServerMessage): void;
};

const PING_INTERVAL_MS = 25_000;
const IDLE_CLOSE_MS = 10_000;
const MAX_BACKOFF_MS = 30_000;
const SESSION_ASK_INTERVAL_MS = 30_000;
/**
 * The server closes with 4401 when the socket has no signed-in, verified user, and closes an open
 * socket with it when its session ends (signed out or revoked elsewhere, password reset).
 */
const CLOSE_UNAUTHORIZED = 4401;

/**
 * One WebSocket for the whole app. Subscriptions to the same path share one server subscription; after a drop
 * the client reconnects with exponential back-off and subscribes again, and the server answers each with a
 * fresh initial snapshot.
 */
function createLiveClient() {
  const subscriptions = new Map<string, Subscription>();
  const channels = new Set<LiveChannel>();
  const wanted = () => subscriptions.size > 0 || channels.size > 0;
  let socket: WebSocket | null = null;
  let nextId = 1;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set after a 4401: waiting for the session to change before trying again. */
  let blocked = false;
  let sessionAskedAt = 0;

  const canConnect = () => {
    const { user, needsEmailVerification } = sessionStore.get();
    return Boolean(user) && !needsEmailVerification && !blocked;
  };

  function send(message: LiveClientMessage) {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function sendSubscribe(sub: Subscription) {
    send({ type: 'subscribe', id: sub.id, path: sub.path, ...(sub.limit ? { limit: sub.limit } : {}) });
  }

  function connect() {
    clearTimeout(reconnectTimer);
    if (socket || !wanted() || !canConnect()) return;
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/live`;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      for (const sub of subscriptions.values()) sendSubscribe(sub);
      for (const channel of channels) channel.onOpen();
      pingTimer = setInterval(() => send({ type: 'ping' }), PING_INTERVAL_MS);
    };
    ws.onmessage = (event) => receive(String(event.data));
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      clearInterval(pingTimer);
      for (const channel of channels) channel.onClose();
      if (event.code === CLOSE_UNAUTHORIZED) {
        blocked = true;
        // The session may have ended while the page was open: asking for it again signs the page out
        // (the guards follow the session), or, if it is still valid, lets the socket reconnect. At
        // most once a while, so a server that keeps refusing cannot make this a loop.
        if (Date.now() - sessionAskedAt > SESSION_ASK_INTERVAL_MS) {
          sessionAskedAt = Date.now();
          void session.refresh();
        }
        return;
      }
      scheduleReconnect();
    };
  }

  function scheduleReconnect() {
    if (!wanted()) return;
    // 1 s, 2 s, 4 s … up to 30 s, with jitter so many tabs do not reconnect in step.
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
    attempt += 1;
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(connect, delay);
  }

  function disconnect() {
    clearTimeout(reconnectTimer);
    clearInterval(pingTimer);
    const ws = socket;
    socket = null;
    ws?.close(1000);
    if (ws) for (const channel of channels) channel.onClose();
  }

  function idleCheck() {
    if (wanted()) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (!wanted()) disconnect();
    }, IDLE_CLOSE_MS);
  }

  function receive(raw: string) {
    let message: LiveServerMessage;
    try {
      message = JSON.parse(raw) as LiveServerMessage;
    } catch {
      return;
    }
    if (message.type === 'pong') return;
    if (message.type.startsWith('note-')) {
      for (const channel of channels) channel.onMessage(message as LiveNoteServerMessage);
      return;
    }
    if (message.type !== 'snapshot' && message.type !== 'error') return;
    const sub = [...subscriptions.values()].find((candidate) => candidate.id === message.id);
    if (!sub) {
      if (message.type === 'error') console.error('Live error', message);
      return;
    }
    if (message.type === 'snapshot') {
      sub.last = message;
      sub.error = null;
      for (const listener of sub.listeners) listener.onSnapshot(message);
    } else {
      sub.error = { code: message.code, message: message.message };
      for (const listener of sub.listeners) listener.onError(sub.error);
    }
  }

  sessionStore.subscribe(() => {
    const { user } = sessionStore.get();
    if (!user) {
      // Signed out: nothing may keep listening with the old identity.
      disconnect();
      return;
    }
    if (blocked) {
      blocked = false;
      attempt = 0;
    }
    connect();
  });

  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => {
      attempt = 0;
      connect();
    });
  }

  return {
    /** Listens to a document or collection path; returns the function that stops listening. */
    subscribe(path: string, listener: LiveListener, { limit }: { limit?: number } = {}): () => void {
      clearTimeout(idleTimer);
      const key = `${path}?${limit ?? ''}`;
      let sub = subscriptions.get(key);
      if (!sub) {
        sub = { id: `s${nextId++}`, path, limit, listeners: new Set(), last: null, error: null };
        subscriptions.set(key, sub);
        sendSubscribe(sub);
      } else if (sub.last) {
        // A second listener gets what the first already has, without a server round trip.
        const last = sub.last;
        queueMicrotask(() => listener.onSnapshot(last));
      } else if (sub.error) {
        const error = sub.error;
        queueMicrotask(() => listener.onError(error));
      }
      sub.listeners.add(listener);
      connect();
      const current = sub;
      return () => {
        current.listeners.delete(listener);
        if (current.listeners.size > 0) return;
        subscriptions.delete(key);
        send({ type: 'unsubscribe', id: current.id });
        idleCheck();
      };
    },

    /** Attaches a channel (see LiveChannel); returns the function that detaches it. */
    attach(channel: LiveChannel): () => void {
      clearTimeout(idleTimer);
      channels.add(channel);
      if (socket?.readyState === WebSocket.OPEN) queueMicrotask(() => channel.onOpen());
      connect();
      return () => {
        channels.delete(channel);
        idleCheck();
      };
    },

    /** Sends a channel's message; false when the socket is not open (the channel resends on open). */
    sendNote(message: LiveNoteMessage): boolean {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },

    isOpen: () => socket?.readyState === WebSocket.OPEN,

    /** One read of a path; a missing document rejects with the server's 'Document does not exist…' message. */
    once(path: string): Promise<LiveDoc[]> {
      return new Promise((resolve, reject) => {
        const stop = liveClient.subscribe(path, {
          onSnapshot: (snapshot) => {
            queueMicrotask(stop);
            resolve(snapshot.docs ?? []);
          },
          onError: (error) => {
            queueMicrotask(stop);
            reject(new Error(error.message));
          },
        });
      });
    },

    disconnect() {
      subscriptions.clear();
      disconnect();
    },
  };
}

export const liveClient = createLiveClient();
