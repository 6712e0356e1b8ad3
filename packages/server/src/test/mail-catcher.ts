import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtEmail = { to: string[]; subject: string; text: string; raw: string; receivedAt: number };

function decodeQuotedPrintable(value: string): string {
  return value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function header(raw: string, name: string): string {
  const match = raw.match(new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im'));
  return match?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim() ?? '';
}

/**
 * A real SMTP server for tests: the app sends through it with nodemailer like it would to any
 * relay, and tests read what arrived (in-process, or over a small HTTP API for browser tests).
 */
export async function startMailCatcher({ httpPort }: { httpPort?: number } = {}) {
  const emails: CaughtEmail[] = [];
  const waiters = new Set<() => void>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const decoded = decodeQuotedPrintable(raw);
        emails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: header(raw, 'Subject'),
          text: decoded,
          raw,
          receivedAt: Date.now(),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  async function waitFor(to: string, subject?: RegExp, timeoutMs = 10_000): Promise<CaughtEmail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...emails]
        .reverse()
        .find((e) => e.to.includes(to.toLowerCase()) && (!subject || subject.test(e.subject)));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`No email to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiters.add(wake);
      });
    }
  }

  let http: Server | null = null;
  if (httpPort !== undefined) {
    http = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const to = url.searchParams.get('to') ?? '';
      const subject = url.searchParams.get('subject');
      waitFor(to, subject ? new RegExp(subject, 'i') : undefined, 15_000)
        .then((email) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(email));
        })
        .catch((error: Error) => {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: error.message }));
        });
    });
    await new Promise<void>((resolve) => http?.listen(httpPort, '127.0.0.1', resolve));
  }

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    emails,
    waitFor,
    /** The first link in an email that starts with `prefix`. */
    link(email: CaughtEmail, prefix: string): string {
      const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const match = email.text.match(new RegExp(`${escaped}[^\\s"<>]*`));
      if (!match) throw new Error(`No link starting with ${prefix} in "${email.subject}"`);
      return match[0].replace(/&amp;/g, '&');
    },
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (http) await new Promise<void>((resolve) => http?.close(() => resolve()));
    },
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
