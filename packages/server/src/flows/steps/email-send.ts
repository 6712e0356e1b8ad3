import type { Item } from '@flowmind/shared/flows';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import { type StepDefinition, StepError } from './step';

const Email = z.email();

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * A list of addresses ("a@x.com, Ann <ann@y.org>" or an array of them) checked one by one, so the
 * error names the address that is wrong.
 */
export function parseAddresses(value: unknown, label: string): string[] {
  const raw = Array.isArray(value) ? value.map(asText).join(', ') : asText(value);
  const entries = addressparser(raw, { flatten: true });
  const addresses: string[] = [];
  for (const entry of entries) {
    const shown = entry.address || entry.name;
    if (!Email.safeParse(entry.address).success)
      throw new StepError(`"${shown}" in ${label} is not a valid email address`);
    addresses.push(entry.name ? `"${entry.name.replace(/"/g, '')}" <${entry.address}>` : entry.address);
  }
  return addresses;
}

export const emailSendStep: StepDefinition = {
  type: 'email.send',
  sideEffects: true,
  async run(ctx) {
    const out: Item[] = [];
    for (let i = 0; i < ctx.items.length; i++) {
      const p = await ctx.params(i);
      const to = parseAddresses(p.to, 'To');
      if (to.length === 0) throw new StepError('Add at least one address in To');
      const replyTo = parseAddresses(p.replyTo, 'Reply to');
      const subject = asText(p.subject).trim();
      if (!subject) throw new StepError('The subject is empty');
      const text = asText(p.text) || undefined;
      const html = asText(p.html) || undefined;
      const sent = await ctx.services.sendMail({
        to: to.join(', '),
        subject,
        text: text ?? (html ? undefined : ''),
        html,
        replyTo: replyTo.length ? replyTo.join(', ') : undefined,
        idempotencyKey: `${ctx.idempotencyKey}:${i}`,
      });
      ctx.log('info', `Sent to ${sent.accepted.join(', ')}`);
      out.push({ messageId: sent.messageId, accepted: sent.accepted });
    }
    return { outputs: { main: out } };
  },
};
