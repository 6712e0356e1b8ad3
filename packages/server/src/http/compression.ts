import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below this, the encoding's header and framing cost about what it would save. */
export const COMPRESS_THRESHOLD = 1024;

const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream))/i;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Quality 4 compresses JSON better than gzip's default at about its speed; 11 would cost tens of ms per response.
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer a request with, from its Accept-Encoding: the highest weighted of br and gzip, br on a tie
 * (smaller for the same work); null when the client takes neither (no header, `identity`, or `q=0`).
 */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

function addVary(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary)) reply.header('vary', `${vary}, accept-encoding`);
}

/**
 * Compresses the API's buffered text answers (JSON above all) of 1 KB or more, br or gzip as the client accepts,
 * off the event loop (zlib's thread pool). Left as they are, by construction:
 * - streams (chat answers as NDJSON, CSV exports, static files): a compressor holds bytes back until its block
 *   fills, so a token or a row would wait for the next ones; the web build's files are compressed at build time
 *   and served with their encoding already set (`static.ts`);
 * - webhook answers (`/api/hooks/`): a flow author's own body and headers, sent as the flow made them;
 * - WebSockets (`/api/live`): the upgrade takes the socket before any reply is sent.
 */
export function registerCompression(app: FastifyInstance) {
  // A callback hook: most answers pass through as they are, without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (request.url.startsWith('/api/hooks/')) return done(null, payload);
    if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304)
      return done(null, payload);
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    if (Buffer.byteLength(payload) < COMPRESS_THRESHOLD) return done(null, payload);
    addVary(reply);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    (encoding === 'br' ? brotli(payload, BROTLI_OPTIONS) : gzipAsync(payload)).then(
      (compressed) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, compressed);
      },
      (error: Error) => done(error),
    );
  });
}
