import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { StepError, type StepServices } from '../steps/step';

export const NO_SMTP =
  'Sending email is not set up on this server: an admin needs to set SMTP_URL (for example smtp://user:password@smtp.example.com:587).';

const addressOf = (entry: string | { address: string }) => (typeof entry === 'string' ? entry : entry.address);

/** Nodemailer's failures in words: the server could not be reached, refused the login, or the message. */
function mailFailure(error: unknown): StepError {
  const { code, response, message } = error as { code?: string; response?: string; message?: string };
  if (code === 'ECONNECTION' || code === 'ETIMEDOUT' || code === 'ESOCKET' || code === 'EDNS')
    return new StepError(`Could not reach the mail server: ${message ?? code}`);
  if (code === 'EAUTH') return new StepError(`The mail server refused the login: ${response ?? message}`);
  return new StepError(`The mail server refused the message: ${response ?? message ?? String(error)}`);
}

/**
 * A Message-ID made from a step's idempotency key at the sender's domain: every attempt at one
 * message carries the same one, so mail systems and readers can tell a resend.
 */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'flowmind.invalid';
  return `<${key.replace(/[^A-Za-z0-9._-]/g, '-')}@${domain}>`;
}

/** The flows' sendMail: through SMTP_URL, or a clear failure when the server has no mail set up. */
export function createStepMailer({
  smtpUrl,
  from,
}: {
  smtpUrl: string | null;
  from: string;
}): StepServices['sendMail'] {
  if (!smtpUrl)
    return async () => {
      throw new StepError(NO_SMTP);
    };
  // Nodemailer comes with the first email.
  let transport: Promise<Transporter<SMTPTransport.SentMessageInfo>> | undefined;
  const open = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    transport.catch(() => {
      transport = undefined;
    });
    return transport;
  };
  return async ({ to, subject, text, html, replyTo, idempotencyKey }) => {
    try {
      const messageId = idempotencyKey ? messageIdFor(idempotencyKey, from) : undefined;
      const mailer = await open();
      const info = await mailer.sendMail({ from, to, subject, text, html, replyTo, messageId });
      return { messageId: info.messageId, accepted: info.accepted.map(addressOf) };
    } catch (error) {
      throw mailFailure(error);
    }
  };
}
