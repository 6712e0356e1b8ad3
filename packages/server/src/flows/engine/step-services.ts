import { AppError } from '@flowmind/shared/errors';
import { INTEGRATION_PROVIDERS, type IntegrationProviderId } from '@flowmind/shared/integrations';
import { accountRepository } from '../../accounts/account.repository';
import type { AccountAiModels } from '../../ai/ai-models';
import type { AiProviderConfig } from '../../config';
import type { Db } from '../../db/client';
import type { AccountConnections } from '../../integrations/credentials';
import type { IntegrationService } from '../../integrations/integration.service';
import type { GuardedFetch } from '../../net/guarded-fetch';
import type { NoteDocs } from '../../notes/note-docs';
import type { RecordService } from '../../tables/record.service';
import { createAiApi } from '../ai/ai-api';
import { flowRepository } from '../flow.repository';
import type { Sandbox } from '../sandbox/sandbox';
import { createNotesApi } from '../services/notes-api';
import { createRecordsApi } from '../services/records-api';
import { StepError, type StepServices } from '../steps/step';
import type { ExecutionRow } from './execution.repository';
import type { FlowRuntime } from './runtime';
import { runSubflow } from './subflow';

/** Connections of `accountId` only: the account is the execution's, never a param's. */
function integrationsApi(integrations: IntegrationService, accountId: string): StepServices['integrations'] {
  const worded = (error: unknown, provider: IntegrationProviderId) => {
    if (!(error instanceof AppError)) return error;
    const label = INTEGRATION_PROVIDERS[provider].label;
    if (error.code === 'not_found')
      return new StepError(
        `The ${label} connection of this step is not in this account: choose another, or connect ${label} in Integrations`,
      );
    return new StepError(error.message);
  };
  return {
    access: ({ connectionId, provider }) =>
      integrations.access({ accountId, connectionId, provider }).catch((error) => {
        throw worded(error, provider);
      }),
    needsReconnect: (connectionId) => integrations.markNeedsReconnect({ accountId, connectionId }),
  };
}

/** What the steps of an execution may call, each acting inside the execution's account. */
export function stepServices({
  db,
  records,
  noteDocs,
  sandbox,
  fetch,
  sendMail,
  aiModels,
  serverAi,
  integrations,
  connections,
}: {
  db: Db;
  records: RecordService;
  noteDocs: NoteDocs;
  sandbox: Sandbox;
  fetch: GuardedFetch;
  sendMail: StepServices['sendMail'];
  aiModels: AccountAiModels | null;
  /** The server's OpenAI-compatible provider, for AI steps when the account resolves no model. */
  serverAi: AiProviderConfig | null;
  integrations: IntegrationService;
  connections: (accountId: string) => AccountConnections;
}) {
  const flowsRepo = flowRepository(db);
  const accountsRepo = accountRepository(db);

  /** Steps act as the flow's creator while they are a member, else as an owner of the account. */
  async function actorFor(execution: ExecutionRow): Promise<string> {
    const flow = await flowsRepo.get(execution.accountId, execution.flowId);
    const members = await accountsRepo.members(execution.accountId);
    const creator = members.find((m) => m.userId === flow?.createdBy);
    const owner = members.find((m) => m.role === 'owner') ?? members[0];
    const actor = creator ?? owner;
    if (!actor) throw new StepError('This account has no members left to act for');
    return actor.userId;
  }

  return (execution: ExecutionRow, rt: FlowRuntime): StepServices => {
    let actor: Promise<string> | null = null;
    const actorOnce = () => {
      actor ??= actorFor(execution);
      return actor;
    };
    // Its own record writes name the flow: they do not start it again through its table trigger.
    const recordsApi = async () =>
      createRecordsApi({
        db,
        records,
        accountId: execution.accountId,
        actorUserId: await actorOnce(),
        flowId: execution.flowId,
      });
    const notesApi = async () =>
      createNotesApi({ db, docs: noteDocs, accountId: execution.accountId, actorUserId: await actorOnce() });
    return {
      fetch,
      sendMail,
      runCode: sandbox.runCode,
      records: {
        create: async (tableId, values, keys) => (await recordsApi()).create(tableId, values, keys),
        find: async (tableId, query) => (await recordsApi()).find(tableId, query),
        update: async (tableId, id, values) => (await recordsApi()).update(tableId, id, values),
        remove: async (tableId, id) => (await recordsApi()).remove(tableId, id),
        upsert: async (tableId, field, values) => (await recordsApi()).upsert(tableId, field, values),
      },
      notes: {
        create: async (input) => (await notesApi()).create(input),
        append: async (input) => (await notesApi()).append(input),
      },
      ai: createAiApi({ server: serverAi, accountId: execution.accountId, resolveModel: aiModels?.flowModel }),
      runFlow: (input) => runSubflow(db, rt, execution, input),
      integrations: integrationsApi(integrations, execution.accountId),
      connections: connections(execution.accountId),
    };
  };
}
