import { z } from 'zod';

/** A step's pinned output, as JSON, may be at most this large. */
export const PIN_MAX_BYTES = 1024 * 1024;
/** The editor listens this long for a test call or a test email, then says none came. */
export const TEST_LISTEN_MS = 2 * 60 * 1000;

export const NO_TEST_DATA_MESSAGE = 'Listen for a test call or pin test data';
/** The log line of a step that gave its pinned output in a run from the editor instead of running. */
export const PINNED_STEP_LOG = 'Pinned data used: this step did not run';

/** Items per output handle, as a step gives them. */
export const StepOutput = z.record(z.string().max(40), z.array(z.record(z.string(), z.unknown())).max(10_000));
export type StepOutput = z.infer<typeof StepOutput>;

export const PinSource = z.enum(['step', 'test_call', 'test_email', 'test_event']);
export type PinSource = z.infer<typeof PinSource>;

/** A step's output kept in the draft: editor runs use it instead of running the step. */
export const PinnedOutput = z.object({
  nodeId: z.string(),
  output: StepOutput,
  /** Where it came from: a run's output pinned by hand, or a test call or email caught while listening. */
  source: PinSource,
  pinnedAt: z.string(),
});
export type PinnedOutput = z.infer<typeof PinnedOutput>;

export const PinStep = z.object({ output: StepOutput });
export type PinStep = z.infer<typeof PinStep>;

export const ListenForTest = z.object({
  /** The trigger that takes the call; the flow's webhook or email trigger when absent. */
  nodeId: z.string().min(1).max(64).optional(),
});
export type ListenForTest = z.input<typeof ListenForTest>;

/** The answer to a listen: the caught call, pinned on the trigger, or that none came in time. */
export const TestListenResult = z.discriminatedUnion('received', [
  z.object({ received: z.literal(true), pin: PinnedOutput }),
  z.object({ received: z.literal(false), reason: z.enum(['timeout', 'cancelled', 'failed']), message: z.string() }),
]);
export type TestListenResult = z.infer<typeof TestListenResult>;

/** `/api/hooks/test/{webhookId}`: answers only while the editor listens. */
export const testWebhookPath = (webhookId: string) => `/api/hooks/test/${webhookId}`;

/** The flow's inbound address with `+test`: mail to it is caught as test data while the editor listens. */
export function testEmailAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at > 0 ? `${address.slice(0, at)}+test${address.slice(at)}` : address;
}
