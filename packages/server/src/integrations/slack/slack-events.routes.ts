import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { FlowRuntime } from '../../flows/engine/runtime';
import { eventListeners, startTriggerItems } from '../../flows/triggers/integration-triggers';

/** Slack signs every request; one older than this is refused, so a captured one cannot be replayed later. */
export const SLACK_MAX_AGE_SECONDS = 5 * 60;

/**
 * Whether a request is Slack's: `v0=` HMAC-SHA256 of `v0:{timestamp}:{raw body}` with the app's
 * signing secret, compared in constant time, and a timestamp within five minutes of now.
 */
export function slackSignatureOk({
  secret,
  timestamp,
  signature,
  body,
  now = Date.now(),
}: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  body: string;
  now?: number;
}): boolean {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > SLACK_MAX_AGE_SECONDS) return false;
  const expected = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  const given = Buffer.from(signature);
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Slack's Events API: `POST /api/integrations/slack/events`, the request URL of the Slack app.
 * Each request's signature is checked (401 when it is not Slack's), the `url_verification`
 * challenge is answered, and an `event_callback` is answered at once (Slack wants an answer within
 * 3 s) while the flows listening through a connection of its team start afterwards. A retried
 * event finds its runs started already (one per flow and message).
 */
export function registerSlackEventRoutes(
  app: FastifyInstance,
  {
    db,
    runtime,
    signingSecret,
    logger,
  }: { db: Db; runtime: FlowRuntime; signingSecret: string | null; logger: Logger },
) {
  app.register(async (scope) => {
    // The signature covers the body's bytes as sent: keep them as text.
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    scope.post(
      '/api/integrations/slack/events',
      {
        config: {
          doc: {
            tags: ['Integrations'],
            summary:
              'Slack’s Events API (the Slack app’s request URL): signed events that start flows with a Slack trigger',
            public: true,
          },
        },
      },
      async (request, reply) => {
        if (!signingSecret)
          return reply.status(404).send({
            error: { code: 'not_found', message: 'Slack events are not set up on this server (SLACK_SIGNING_SECRET)' },
          });
        const body = typeof request.body === 'string' ? request.body : '';
        const ok = slackSignatureOk({
          secret: signingSecret,
          timestamp: header(request.headers['x-slack-request-timestamp']),
          signature: header(request.headers['x-slack-signature']),
          body,
        });
        if (!ok)
          return reply
            .status(401)
            .send({ error: { code: 'unauthorized', message: 'The request is not signed by Slack, or is too old' } });
        let payload: Record<string, unknown>;
        try {
          payload = JSON.parse(body) as Record<string, unknown>;
        } catch {
          return reply
            .status(400)
            .send({ error: { code: 'bad_request', message: 'The body is not JSON', field: 'body' } });
        }
        if (payload.type === 'url_verification') return reply.send({ challenge: String(payload.challenge ?? '') });
        if (payload.type !== 'event_callback') return reply.status(200).send({ ok: true });
        const teamId = typeof payload.team_id === 'string' ? payload.team_id : '';
        if (teamId)
          void (async () => {
            for (const { listener, trigger, input } of await eventListeners(db, 'slack', teamId)) {
              const item = trigger.event?.(input, payload);
              if (item) await startTriggerItems(db, runtime, listener, [item]);
            }
          })().catch((error) =>
            logger.error({ err: error, teamId, eventId: payload.event_id }, 'Slack event could not start flows'),
          );
        return reply.status(200).send({ ok: true });
      },
    );
  });
}
