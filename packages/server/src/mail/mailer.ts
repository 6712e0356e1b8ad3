import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export type Email = { to: string; subject: string; text: string; html: string };
export type Mailer = { send(email: Email): Promise<void>; close(): void };

/**
 * Sends through SMTP when SMTP_URL is set. Without it every email is written to the log with its
 * text (and so its link), so a local user can still verify an address or reset a password.
 * Nodemailer (about 9 MiB once loaded) is loaded with the first email.
 */
export function createMailer({
  smtpUrl,
  from,
  logger,
}: {
  smtpUrl: string | null;
  from: string;
  logger: Logger;
}): Mailer {
  if (!smtpUrl) {
    return {
      async send(email) {
        logger.info({ mailTo: email.to, mailSubject: email.subject }, `Email (no SMTP_URL set):\n${email.text}`);
      },
      close() {},
    };
  }
  let transport: Promise<Transporter> | undefined;
  const open = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    transport.catch(() => {
      transport = undefined;
    });
    return transport;
  };
  return {
    async send(email) {
      await (await open()).sendMail({ from, ...email });
      logger.info({ mailTo: email.to, mailSubject: email.subject }, 'email sent');
    },
    close() {
      // A transport still being made is closed once it is.
      void transport?.then((made) => made.close()).catch(() => {});
    },
  };
}
