import { readNumber, readText } from './params';
import { type StepDefinition, StepError } from './step';

const UNIT_MS: Record<string, number> = { seconds: 1000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

/** When to go on: after a duration, or at a time (ISO, or anything `Date` reads). */
export function waitTarget(params: Record<string, unknown>, now: number): number {
  if (params.mode === 'until') {
    const until = readText(params.until, 'Until', { required: true }).trim();
    const time = Date.parse(until);
    if (Number.isNaN(time)) throw new StepError(`Wait until: "${until}" is not a date`);
    return time;
  }
  const unit = String(params.unit ?? 'minutes');
  const unitMs = UNIT_MS[unit];
  if (!unitMs) throw new StepError(`Unknown unit "${unit}"`);
  return now + readNumber(params.amount, 'Amount', { min: 0 }) * unitMs;
}

/** Pauses the execution (the engine saves the time and resumes); a time already past goes on at once. */
export const waitStep: StepDefinition = {
  type: 'wait',
  sideEffects: false,
  pauses: true,
  async run(ctx) {
    const now = Date.now();
    const target = waitTarget(await ctx.params(0), now);
    if (target <= now) return { outputs: { main: ctx.items.map((item) => ({ ...item })) } };
    return { waitUntil: new Date(target) };
  },
};
