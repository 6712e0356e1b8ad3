import {
  CompleteIntegration,
  CompleteIntegrationResponse,
  ConnectIntegration,
  ConnectIntegrationResponse,
  ConnectionTestResponse,
  ConnectMcpServer,
  CreateCredential,
  CredentialSecret,
  IntegrationConnection,
  IntegrationProviderId,
  IntegrationsResponse,
  McpToolsResponse,
  ReconnectConnection,
  RenameConnection,
} from '@flowmind/shared/integrations';
import { ConnectionOptionList, ConnectionOptionsResponse } from '@flowmind/shared/integrations/define-integration';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../http/errors';
import type { RouteDoc } from '../http/openapi';
import type { SessionReader } from '../http/session';
import type { CredentialService } from './credentials';
import type { IntegrationService } from './integration.service';

const Id = z.string().min(1).max(64);
const AccountQuery = z.object({ accountId: Id });
const ProviderParams = z.object({ provider: IntegrationProviderId });
const ConnectionParams = z.object({ connectionId: Id });
const OptionsParams = z.object({ connectionId: Id, list: ConnectionOptionList });
const doc = (route: Omit<RouteDoc, 'tags'>) => ({ config: { doc: { tags: ['Integrations'], ...route } } });

export function registerIntegrationRoutes(
  app: FastifyInstance,
  {
    session,
    integrations,
    credentials,
  }: { session: SessionReader; integrations: IntegrationService; credentials: CredentialService },
) {
  const userId = async (req: Parameters<SessionReader['requireUser']>[0]) => (await session.requireUser(req)).id;
  const connectionId = (req: { params: unknown }) => parse(ConnectionParams, req.params).connectionId;

  app.get(
    '/api/integrations',
    doc({
      summary:
        "The services an account can connect, whether the server is set up for each, and the account's connections",
      query: AccountQuery,
      response: IntegrationsResponse,
    }),
    async (req) => integrations.list({ ...parse(AccountQuery, req.query), userId: await userId(req) }),
  );
  app.post(
    '/api/integrations/:provider/connect',
    doc({
      summary: "Start connecting a service: the provider's consent page to send the browser to (OAuth 2.0 with PKCE)",
      params: ProviderParams,
      body: ConnectIntegration,
      response: ConnectIntegrationResponse,
    }),
    async (req) =>
      integrations.connect({
        provider: parse(ProviderParams, req.params).provider,
        userId: await userId(req),
        input: parse(ConnectIntegration, req.body),
      }),
  );
  app.post(
    '/api/integrations/mcp/connect',
    doc({
      summary:
        'Start signing in to an MCP server with OAuth: discovery, dynamic registration, then its consent page to send the browser to',
      body: ConnectMcpServer,
      response: ConnectIntegrationResponse,
    }),
    async (req) => integrations.connectMcp({ userId: await userId(req), input: parse(ConnectMcpServer, req.body) }),
  );
  app.post(
    '/api/integrations/connections/:connectionId/reconnect',
    doc({
      summary: 'Sign in again to the server of an MCP connection signed in to with OAuth (its name and uses kept)',
      params: ConnectionParams,
      body: ReconnectConnection,
      response: ConnectIntegrationResponse,
    }),
    async (req) =>
      integrations.reconnect({
        connectionId: connectionId(req),
        userId: await userId(req),
        input: parse(ReconnectConnection, req.body ?? {}),
      }),
  );
  app.post(
    '/api/integrations/complete',
    doc({
      summary: 'Finish connecting: the code and state the provider sent to the callback page',
      body: CompleteIntegration,
      response: CompleteIntegrationResponse,
    }),
    async (req) => integrations.complete({ userId: await userId(req), input: parse(CompleteIntegration, req.body) }),
  );
  app.patch(
    '/api/integrations/connections/:connectionId',
    doc({
      summary: 'Rename a connection',
      params: ConnectionParams,
      body: RenameConnection,
      response: IntegrationConnection,
    }),
    async (req) =>
      integrations.rename({
        connectionId: connectionId(req),
        userId: await userId(req),
        name: parse(RenameConnection, req.body).name,
      }),
  );
  app.get(
    '/api/integrations/connections/:connectionId/options/:list',
    doc({
      summary: "A list the connection's service gives (Slack channels, people), for the flow editor's pickers",
      params: OptionsParams,
      response: ConnectionOptionsResponse,
    }),
    async (req) => integrations.options({ ...parse(OptionsParams, req.params), userId: await userId(req) }),
  );
  app.post(
    '/api/integrations/connections/:connectionId/test',
    doc({
      summary: 'Test a connection to a service: who the service says its token acts as, asked now',
      params: ConnectionParams,
      response: ConnectionTestResponse,
    }),
    async (req) => integrations.test({ connectionId: connectionId(req), userId: await userId(req) }),
  );
  app.delete(
    '/api/integrations/connections/:connectionId',
    doc({ summary: 'Disconnect: forget the connection and its tokens', params: ConnectionParams, status: 204 }),
    async (req, reply) => {
      await integrations.disconnect({ connectionId: connectionId(req), userId: await userId(req) });
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/integrations/credentials',
    doc({
      summary: 'Add a connection with a secret: an API key, a bearer token, basic auth or an MCP server',
      body: CreateCredential,
      response: IntegrationConnection,
    }),
    async (req) => credentials.create({ userId: await userId(req), input: parse(CreateCredential, req.body) }),
  );
  app.put(
    '/api/integrations/connections/:connectionId/secret',
    doc({
      summary: "Replace a credential's secret (and where it is sent); it is never sent back",
      params: ConnectionParams,
      body: CredentialSecret,
      response: IntegrationConnection,
    }),
    async (req) =>
      credentials.replaceSecret({
        connectionId: connectionId(req),
        userId: await userId(req),
        input: parse(CredentialSecret, req.body),
      }),
  );
  app.get(
    '/api/integrations/connections/:connectionId/tools',
    doc({
      summary: "An MCP server connection's tools, listed live from the server",
      params: ConnectionParams,
      response: McpToolsResponse,
    }),
    async (req) => ({
      tools: await credentials.tools({ connectionId: connectionId(req), userId: await userId(req) }),
    }),
  );
}
