import type { AddressInfo } from 'node:net';
import type { FlowGraph, Item } from '@flowmind/shared/flows';
import { and, eq, isNull } from 'drizzle-orm';
import type { AddressObject } from 'mailparser';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { flows, flowVersions } from '../../db/schema';
import type { FlowRuntime } from '../engine/runtime';
import type { TestListens } from './test-listen';

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** `flow-{token}@…` → token; anything else → null. */
export function inboundToken(address: string): string | null {
  const match = /^flow-([a-z0-9]+)@/i.exec(address.trim());
  return match?.[1]?.toLowerCase() ?? null;
}

/** `flow-{token}+test@…` (the test address the editor listens on) → token; anything else → null. */
export function testInboundToken(address: string): string | null {
  const match = /^flow-([a-z0-9]+)\+test@/i.exec(address.trim());
  return match?.[1]?.toLowerCase() ?? null;
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((a) => a.value.map((v) => v.address ?? ''))
    .filter(Boolean);

/**
 * Takes mail for email-triggered flows over SMTP. A recipient is accepted only when it is the
 * address of a published, active flow that starts with an email trigger; each such flow gets one
 * execution with the parsed message, saved before the sender hears "250 OK".
 */
export async function startInboundSmtp({
  port,
  host = '0.0.0.0',
  db,
  runtime,
  logger,
  listens,
}: {
  port: number;
  host?: string;
  db: Db;
  runtime: FlowRuntime;
  logger: Logger;
  /** Takes mail to a flow's test address while its editor listens. */
  listens?: TestListens;
}) {
  const listeningFor = async (token: string) => {
    const found = await listens?.listening({ emailToken: token });
    return found?.trigger.type === 'trigger.email' ? found : null;
  };

  async function findFlow(token: string) {
    const [row] = await db
      .select({ flow: flows, version: flowVersions })
      .from(flows)
      .innerJoin(flowVersions, eq(flowVersions.id, flows.publishedVersionId))
      .where(and(eq(flows.emailToken, token), eq(flows.active, true), isNull(flows.deletedAt)));
    if (!row) return null;
    const graph = row.version.graph as FlowGraph;
    return graph.nodes.some((n) => n.type === 'trigger.email') ? { ...row, graph } : null;
  }

  // Loaded only where inbound mail is on (SMTP_INBOUND_PORT): together about 25 MiB.
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')]);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'Flowmind inbound mail',
    onRcptTo(address, _session, callback) {
      const testToken = testInboundToken(address.address);
      if (testToken)
        return void listeningFor(testToken)
          .then((found) =>
            found ? callback() : callback(new Error('550 Nobody is listening for a test email at this address')),
          )
          .catch((error) => callback(error));
      const token = inboundToken(address.address);
      if (!token) return callback(new Error('550 No such mailbox here'));
      findFlow(token)
        .then((found) => (found ? callback() : callback(new Error('550 No active flow takes mail at this address'))))
        .catch((error) => callback(error));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk);
      });
      stream.on('end', async () => {
        try {
          if (size > MAX_MESSAGE_BYTES) return callback(new Error('552 Message too large'));
          const mail = await simpleParser(Buffer.concat(chunks));
          const item: Item = {
            from: addresses(mail.from)[0] ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            fromName: mail.from?.value[0]?.name ?? '',
            to: addresses(mail.to),
            cc: addresses(mail.cc),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            date: (mail.date ?? new Date()).toISOString(),
            messageId: mail.messageId ?? '',
            attachments: mail.attachments.map((a) => ({
              name: a.filename ?? '',
              type: a.contentType,
              size: a.size,
            })),
          };
          const tokens = new Set(
            session.envelope.rcptTo.map((r) => inboundToken(r.address)).filter((t): t is string => Boolean(t)),
          );
          const testTokens = new Set(
            session.envelope.rcptTo.map((r) => testInboundToken(r.address)).filter((t): t is string => Boolean(t)),
          );
          for (const token of testTokens) {
            const found = await listeningFor(token);
            // A message too large to pin leaves the editor listening; the sender still hears 250.
            if (found)
              await listens
                ?.capture({ listening: found, item, source: 'test_email' })
                .catch((error) => logger.warn({ err: error, flowId: found.flow.id }, 'test email not pinned'));
          }
          for (const token of tokens) {
            const found = await findFlow(token);
            if (!found) continue;
            await runtime.start({
              accountId: found.flow.accountId,
              flowId: found.flow.id,
              versionId: found.version.id,
              version: found.version.version,
              graph: found.graph,
              mode: 'email',
              trigger: [item],
            });
          }
          callback();
        } catch (error) {
          logger.error({ err: error }, 'inbound mail failed');
          callback(new Error('451 Could not take the message now, try again later'));
        }
      });
    },
  });
  server.on('error', (error) => logger.error({ err: error }, 'inbound SMTP error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  logger.info({ port: address.port }, 'inbound SMTP for email-triggered flows is listening');
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
