import type { Item, StepLog } from '@flowmind/shared/flows';
import type { IntegrationProviderId } from '@flowmind/shared/integrations';
import type {
  ConnectionOption,
  IntegrationActionInfo,
  IntegrationTriggerInfo,
} from '@flowmind/shared/integrations/define-integration';
import type { z } from 'zod';
import type { OAuthProfile } from './oauth';

/** What an action's `run` gets: its checked input and a live connection of the step's own account. */
export type ActionContext<Input> = {
  input: Input;
  connection: ConnectionAccess;
  /** Aborted at the step's timeout or when the execution is cancelled. */
  signal: AbortSignal;
  /** When the attempt is stopped: a provider's "retry after" past it is not waited for. */
  deadline: number;
  /**
   * The same for every attempt at this item of this step (`${executionId}:${nodeId}:${runIndex}:${item}`):
   * an action that creates something passes it where the provider takes one, so a retry after a
   * lost answer does not create it twice. A chat tool call gets a fresh one.
   */
  idempotencyKey: string;
  log(level: StepLog['level'], message: string): void;
};

/** A working token of one connection, and where its provider's API is (config, overridable for tests). */
export type ConnectionAccess = {
  token: string;
  apiUrl: string;
  apiVersion?: string;
  /** The provider's id of the connected account (Slack team, X user, Google's `sub`…), known since connecting. */
  externalId: string;
};

/** An action's output: one item, or one per element (list actions). */
export type ActionOutput = Record<string, unknown>;

export type IntegrationAction = {
  info: IntegrationActionInfo;
  run(ctx: ActionContext<unknown>): Promise<ActionOutput | ActionOutput[]>;
};

/** One action: its shared info (form, input schema) and `run`, typed from the schema. */
export function defineAction<Input extends z.ZodType, Output extends ActionOutput>(
  info: IntegrationActionInfo<Input>,
  run: (ctx: ActionContext<z.output<Input>>) => Promise<Output | Output[]>,
): IntegrationAction {
  return { info, run: run as IntegrationAction['run'] };
}

/** One thing that happened at the provider, with the key that tells it from every other (a run per key, once). */
export type TriggerItem = { key: string; item: Item };

/** What a trigger's `poll` gets: its checked params, a live connection and what the last poll saw. */
export type PollContext<Input> = {
  input: Input;
  connection: ConnectionAccess;
  /** What the last poll returned as its cursor; null on the first poll after publishing. */
  cursor: unknown;
  /** At most this many items a poll, the oldest first; the rest come at the next poll. */
  limit: number;
  signal: AbortSignal;
  deadline: number;
  /** Notes for the operator's log (a provider's sync started over). */
  log?(level: 'info' | 'warn', message: string): void;
};

export type PollResult = { items: TriggerItem[]; cursor: unknown };

export type IntegrationTrigger = {
  info: IntegrationTriggerInfo;
  /**
   * What is new since `cursor`, oldest first, and the cursor to give next time. With no cursor
   * (the first poll after publishing) it gives no items, only the cursor: nothing older is sent.
   */
  poll(ctx: PollContext<unknown>): Promise<PollResult>;
  /**
   * For providers that push events (Slack's Events API): the item an event gives this trigger's
   * input, or null when the event is not one it listens to. The provider's route checks the
   * event's signature and finds the flows listening through a connection of its external account.
   */
  event?(input: unknown, event: Record<string, unknown>): TriggerItem | null;
};

/** One trigger: its shared info (form, input schema) and `poll` (and `event`), typed from the schema. */
export function defineTrigger<Input extends z.ZodType>(
  info: IntegrationTriggerInfo<Input>,
  functions: {
    poll: (ctx: PollContext<z.output<Input>>) => Promise<PollResult>;
    event?: (input: z.output<Input>, event: Record<string, unknown>) => TriggerItem | null;
  },
): IntegrationTrigger {
  return { info, ...(functions as Omit<IntegrationTrigger, 'info'>) };
}

export type Integration = {
  provider: IntegrationProviderId;
  /** How a connection is made: the OAuth dance is `oauth.ts`, what is this provider's own `oauth`, the app's client in config.ts. */
  auth: { kind: 'oauth2'; scopes: readonly string[]; oauth: OAuthProfile };
  actions: readonly IntegrationAction[];
  /** What starts flows (`trigger.<provider>.<name>`); exactly the shared info's triggers. */
  triggers?: readonly IntegrationTrigger[];
  /** Lists for the editor's pickers (`connectionOption` fields), read through the live connection. */
  options: Record<string, (ctx: ConnectionCallContext) => Promise<ConnectionOption[]>>;
  /**
   * A connection's Test: who the token acts as, asked of the provider now with the cheapest read
   * every grant allows (the workspace, "@handle", the member). Fails as an action would.
   */
  check(ctx: ConnectionCallContext): Promise<string>;
};

/** A call through a live connection outside a step: a picker's list, a Test. */
export type ConnectionCallContext = { connection: ConnectionAccess; signal: AbortSignal; deadline: number };

/**
 * An integration as Activepieces' `createPiece({ auth, actions, triggers })`, small: the actions
 * must be exactly the shared info's, so the catalogue never offers a step the server cannot run.
 */
export function createIntegration(
  shared: {
    provider: IntegrationProviderId;
    actions: readonly IntegrationActionInfo[];
    triggers?: readonly IntegrationTriggerInfo[];
  },
  integration: Omit<Integration, 'provider'>,
): Integration {
  const given = integration.actions.map((action) => action.info.name).sort();
  const listed = shared.actions.map((action) => action.name).sort();
  if (given.join() !== listed.join())
    throw new Error(`${shared.provider}: actions ${given.join(', ')} differ from the catalogue's ${listed.join(', ')}`);
  const givenTriggers = (integration.triggers ?? []).map((trigger) => trigger.info.name).sort();
  const listedTriggers = (shared.triggers ?? []).map((trigger) => trigger.name).sort();
  if (givenTriggers.join() !== listedTriggers.join())
    throw new Error(
      `${shared.provider}: triggers ${givenTriggers.join(', ')} differ from the catalogue's ${listedTriggers.join(', ')}`,
    );
  return { provider: shared.provider, ...integration };
}

/** The provider refused the token for good (revoked, app uninstalled): the user must reconnect. */
export class ConnectionRevoked extends Error {
  override readonly name = 'ConnectionRevoked';
}
