import { createServer } from 'node:net';
import type { Item } from '@flowmind/shared/flows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../test/mail-catcher';
import { createStepMailer, NO_SMTP } from '../services/mail';
import { emailSendStep } from './email-send';
import type { StepResult } from './step';
import { testContext } from './test-context';

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher.close());

const main = (result: StepResult): Item[] => ('outputs' in result ? (result.outputs.main ?? []) : []);
const evaluate = (template: unknown, item: Item) =>
  typeof template === 'string'
    ? template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(item[key] ?? ''))
    : template;

async function run(params: Record<string, unknown>, items: Item[] = [{}], smtpUrl: string | null = catcher.smtpUrl) {
  const sendMail = createStepMailer({ smtpUrl, from: 'Flowmind <flows@flowmind.test>' });
  return main(
    await emailSendStep.run(testContext({ type: 'email.send', params, items, evaluate, services: { sendMail } })),
  );
}

describe('email.send', () => {
  it('sends one email per item through SMTP and gives messageId and accepted', async () => {
    const items = [
      { email: 'ada@example.com', name: 'Ada' },
      { email: 'grace@example.org', name: 'Grace' },
    ];
    const out = await run(
      {
        to: '{{email}}',
        subject: 'Welcome, {{name}}',
        text: 'Hello {{name}}, your flow ran.',
        html: '<p>Hello <b>{{name}}</b></p>',
        replyTo: 'Support <support@example.com>',
      },
      items,
    );
    expect(out).toEqual([
      { messageId: expect.stringMatching(/^<.+@.+>$/), accepted: ['ada@example.com'] },
      { messageId: expect.stringMatching(/^<.+@.+>$/), accepted: ['grace@example.org'] },
    ]);
    const ada = await catcher.waitFor('ada@example.com', /Welcome, Ada/);
    expect(ada.text).toContain('Hello Ada, your flow ran.');
    expect(ada.text).toContain('<p>Hello <b>Ada</b></p>');
    expect(ada.raw).toMatch(/^Reply-To: Support <support@example\.com>/m);
    expect(ada.raw).toMatch(/^From: Flowmind <flows@flowmind\.test>/m);
    expect(ada.raw).toContain(`Message-ID: ${out[0]?.messageId}`);
    await catcher.waitFor('grace@example.org', /Welcome, Grace/);
  });

  it('gives every attempt at one message the same Message-ID, made from the step run and item', async () => {
    const params = { to: 'resend@example.com', subject: 'Receipt {{n}}', text: 'Paid.' };
    const items = [{ n: 1 }, { n: 2 }];
    const first = await run(params, items);
    const again = await run(params, items);
    // testContext's idempotency key is exe_test:n1:0; the item index follows.
    expect(first.map((item) => item.messageId)).toEqual([
      '<exe_test-n1-0-0@flowmind.test>',
      '<exe_test-n1-0-1@flowmind.test>',
    ]);
    expect(again.map((item) => item.messageId)).toEqual(first.map((item) => item.messageId));
    const received = await catcher.waitFor('resend@example.com', /Receipt 1/);
    expect(received.raw).toContain('Message-ID: <exe_test-n1-0-0@flowmind.test>');
  });

  it('sends to several addresses, with or without names', async () => {
    const [sent] = await run({
      to: 'one@example.com; "Doe, Jo" <jo@example.com>',
      subject: 'Team news',
      text: 'Hi all',
    });
    expect(sent?.accepted).toEqual(['one@example.com', 'jo@example.com']);
    const mail = await catcher.waitFor('jo@example.com', /Team news/);
    expect(mail.to).toEqual(['one@example.com', 'jo@example.com']);
  });

  it('names the address that is not valid and sends nothing', async () => {
    const before = catcher.emails.length;
    await expect(run({ to: 'ok@example.com, bob@', subject: 'Hi', text: 'x' })).rejects.toThrow(
      '"bob@" in To is not a valid email address',
    );
    await expect(run({ to: 'not an address', subject: 'Hi' })).rejects.toThrow(
      '"not an address" in To is not a valid email address',
    );
    await expect(run({ to: 'a@example.com', replyTo: 'nope', subject: 'Hi' })).rejects.toThrow(
      '"nope" in Reply to is not a valid email address',
    );
    await expect(run({ to: '', subject: 'Hi' })).rejects.toThrow('Add at least one address in To');
    expect(catcher.emails.length).toBe(before);
  });

  it('says so when the server has no SMTP_URL', async () => {
    await expect(run({ to: 'a@example.com', subject: 'Hi' }, [{}], null)).rejects.toThrow(NO_SMTP);
    expect(NO_SMTP).toMatch(/^Sending email is not set up on this server: an admin needs to set SMTP_URL/);
  });

  it('says when the mail server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(run({ to: 'a@example.com', subject: 'Hi' }, [{}], `smtp://127.0.0.1:${port}`)).rejects.toThrow(
      /^Could not reach the mail server: /,
    );
  });
});
