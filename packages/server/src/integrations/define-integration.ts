import type { StepLog } from '@flowmind/shared/flows';
import type { IntegrationProviderId } from '@flowmind/shared/integrations';
import type { ConnectionOption, IntegrationActionInfo } from '@flowmind/shared/integrations/define-integration';
import type { z } from 'zod';

/** What an action's `run` gets: its checked input and a live connection of the step's own account. */
export type ActionContext<Input> = {
  input: Input;
  connection: ConnectionAccess;
  /** Aborted at the step's timeout or when the execution is cancelled. */
  signal: AbortSignal;
  /** When the attempt is stopped: a provider's "retry after" past it is not waited for. */
  deadline: number;
  log(level: StepLog['level'], message: string): void;
};

/** A working token of one connection, and where its provider's API is (config, overridable for tests). */
export type ConnectionAccess = { token: string; apiUrl: string; apiVersion?: string };

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

export type Integration = {
  provider: IntegrationProviderId;
  /** How a connection is made; the OAuth dance itself is `oauth.ts`, the app's client in config.ts. */
  auth: { kind: 'oauth2'; scopes: readonly string[] };
  actions: readonly IntegrationAction[];
  /** Lists for the editor's pickers (`connectionOption` fields), read through the live connection. */
  options: Record<
    string,
    (ctx: { connection: ConnectionAccess; signal: AbortSignal; deadline: number }) => Promise<ConnectionOption[]>
  >;
};

/**
 * An integration as Activepieces' `createPiece({ auth, actions, triggers })`, small: the actions
 * must be exactly the shared info's, so the catalogue never offers a step the server cannot run.
 */
export function createIntegration(
  shared: { provider: IntegrationProviderId; actions: readonly IntegrationActionInfo[] },
  integration: Omit<Integration, 'provider'>,
): Integration {
  const given = integration.actions.map((action) => action.info.name).sort();
  const listed = shared.actions.map((action) => action.name).sort();
  if (given.join() !== listed.join())
    throw new Error(`${shared.provider}: actions ${given.join(', ')} differ from the catalogue's ${listed.join(', ')}`);
  return { provider: shared.provider, ...integration };
}

/** The provider refused the token for good (revoked, app uninstalled): the user must reconnect. */
export class ConnectionRevoked extends Error {
  override readonly name = 'ConnectionRevoked';
}
