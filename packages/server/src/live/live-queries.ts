import { AppError } from '@flowmind/shared/errors';
import type { LiveDoc } from '@flowmind/shared/live';
import type { Logger } from 'pino';
import type { LiveSource } from './live-hub';
import { createRefreshQueue, type RefreshJob } from './refresh-queue';

export const MISSING_DOCUMENT = 'Document does not exist in the collection';

/** One subscription of one socket to a query. */
export type LiveSubscriber = {
  id: string;
  /** The documents it was last sent, as JSON by id; null before its first snapshot. */
  last: Map<string, string> | null;
  /** Sends a message already serialised as JSON. */
  send(json: string): void;
  /** The query failed for it (no access, gone): it has left the query and must leave its socket. */
  failed(code: string, message: string): void;
};

type Query = RefreshJob & {
  key: string;
  path: string;
  source: LiveSource;
  params: Record<string, string>;
  limit: number;
  topics: Set<string>;
  subscribers: Set<LiveSubscriber>;
};

/**
 * The queries behind live subscriptions. Subscriptions of one user to the same path (several tabs,
 * or one client subscribing many times) share one query: a change runs it once and each
 * subscription gets its own changes from the one result. Runs go through a bounded queue (see
 * refresh-queue.ts) and topics are indexed, so a publish costs nothing for unrelated queries.
 */
export function createLiveQueries({
  logger,
  concurrency,
  minIntervalMs,
}: {
  logger: Logger;
  concurrency: number;
  minIntervalMs: number;
}) {
  const queue = createRefreshQueue({ concurrency, minIntervalMs });
  const queries = new Map<string, Query>();
  const byTopic = new Map<string, Set<Query>>();

  function index(query: Query, next: Set<string>) {
    for (const topic of query.topics) {
      if (next.has(topic)) continue;
      const dependents = byTopic.get(topic);
      dependents?.delete(query);
      if (dependents?.size === 0) byTopic.delete(topic);
    }
    for (const topic of next) {
      let dependents = byTopic.get(topic);
      if (!dependents) {
        dependents = new Set();
        byTopic.set(topic, dependents);
      }
      dependents.add(query);
    }
    query.topics = next;
  }

  function leave(query: Query, subscriber: LiveSubscriber) {
    query.subscribers.delete(subscriber);
    if (query.subscribers.size > 0) return;
    queue.drop(query);
    index(query, new Set());
    if (queries.get(query.key) === query) queries.delete(query.key);
  }

  /**
   * A snapshot message for one subscriber: `{ type, id, docs, changes, initial }` as JSON, written
   * from each document's JSON made once per run (a query shared by 300 subscriptions would
   * otherwise serialise the same documents 300 times).
   */
  function deliver(subscriber: LiveSubscriber, docsJson: string, next: Map<string, string>) {
    const initial = subscriber.last === null;
    const changes: string[] = [];
    for (const [docId, json] of next) {
      const before = subscriber.last?.get(docId);
      if (before === undefined) changes.push(`{"type":"added","doc":${json}}`);
      else if (before !== json) changes.push(`{"type":"modified","doc":${json}}`);
    }
    for (const [docId, json] of subscriber.last ?? []) {
      if (!next.has(docId)) changes.push(`{"type":"removed","doc":${json}}`);
    }
    subscriber.last = next;
    if (!initial && changes.length === 0) return;
    subscriber.send(
      `{"type":"snapshot","id":${JSON.stringify(subscriber.id)},"docs":${docsJson},"changes":[${changes.join(',')}],"initial":${initial}}`,
    );
  }

  async function run(query: Query) {
    try {
      const result = await query.source.load({ userId: query.owner, params: query.params, limit: query.limit });
      if (query.dead) return;
      index(query, new Set(result.topics));
      const isDoc = 'doc' in result;
      if (isDoc && result.doc === null) throw new AppError('not_found', MISSING_DOCUMENT);
      const docs = isDoc ? [result.doc as LiveDoc] : (result as { docs: LiveDoc[] }).docs;
      const next = new Map(docs.map((doc) => [doc.id, JSON.stringify(doc)]));
      const docsJson = `[${[...next.values()].join(',')}]`;
      for (const subscriber of query.subscribers) deliver(subscriber, docsJson, next);
    } catch (error) {
      if (query.dead) return;
      const appError = error instanceof AppError ? error : null;
      if (!appError) logger.error({ err: error, livePath: query.path }, 'live query failed');
      for (const subscriber of [...query.subscribers]) {
        leave(query, subscriber);
        subscriber.failed(appError?.code ?? 'internal', appError?.message ?? 'Live query failed');
      }
    }
  }

  return {
    /** Adds a subscription to the user's query for this path (made if new) and runs it for its first snapshot. */
    join(
      input: { userId: string; path: string; source: LiveSource; params: Record<string, string>; limit: number },
      subscriber: LiveSubscriber,
    ): () => void {
      const key = `${input.userId}\n${input.limit}\n${input.path}`;
      let query = queries.get(key);
      if (!query) {
        const made: Query = {
          key,
          owner: input.userId,
          path: input.path,
          source: input.source,
          params: input.params,
          limit: input.limit,
          topics: new Set(),
          subscribers: new Set(),
          dead: false,
          queued: false,
          running: false,
          again: false,
          startedAt: 0,
          held: null,
          run: () => run(made),
        };
        query = made;
        queries.set(key, made);
      }
      query.subscribers.add(subscriber);
      queue.mark(query);
      const joined = query;
      return () => leave(joined, subscriber);
    },

    /** Marks the queries that depend on these topics to run again (once, however often they were published). */
    changed(topics: Iterable<string>) {
      for (const topic of topics) for (const query of byTopic.get(topic) ?? []) queue.mark(query);
    },
  };
}
