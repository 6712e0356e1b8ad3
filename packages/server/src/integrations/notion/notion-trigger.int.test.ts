import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectThroughOAuth } from '../../test/integration-connect';
import { pollNow, primed, publishTriggerFlow, runItems } from '../../test/integration-triggers';
import { type NotionServer, startNotionServer } from '../../test/notion-server';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';
import { waitFor } from '../../test/wait';

/**
 * The Notion "New or changed database item" trigger: the data source is queried (the official
 * client against the local Notion server) by created or last edited time after the cursor, one run
 * per new item (or per change), none for items from before publishing, none twice.
 */

type Member = Awaited<ReturnType<typeof signUpVerified>>;

let notion: NotionServer;
let server: TestServer;
let owner: Member;
let connectionId: string;

beforeAll(async () => {
  notion = await startNotionServer({ clientId: 'notion-client', clientSecret: 'notion-secret' });
  server = await startTestServer(notion.env);
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  connectionId = (await connectThroughOAuth(owner, 'notion')).id;
});
afterAll(async () => {
  await server?.close();
  await notion?.close();
});

const runs = async (flowId: string) => (await runItems(server, flowId)).map((item) => `${item.title}:${item.event}`);

describe('Notion New or changed database item', () => {
  it('new only starts a run per added item; new or changed also one per change; nothing from before, nothing twice', async () => {
    const old = notion.addItem('Written before');
    const added = await publishTriggerFlow(owner, 'trigger.notion.databaseItem', {
      connectionId,
      databaseId: notion.ids.dataSource,
    });
    // A link to the database, as copied from Notion, works as well as the picker's id.
    const changed = await publishTriggerFlow(owner, 'trigger.notion.databaseItem', {
      connectionId,
      databaseId: `https://www.notion.so/acme/Tasks-${notion.ids.database.replace(/-/g, '')}?v=1`,
      on: 'changed',
    });
    const status = await owner.client.get(`/api/flows/${added.id}/trigger-status`);
    expect(status.body).toMatchObject({ mode: 'polling', listening: true });
    await primed(server, added.id);
    await primed(server, changed.id);

    const fresh = notion.addItem('Fresh task');
    notion.addItem('Second task');
    await pollNow(server, added.id);
    await pollNow(server, changed.id);
    await waitFor(
      () => runItems(server, added.id),
      (list) => list.length >= 2,
    );
    await waitFor(
      () => runItems(server, changed.id),
      (list) => list.length >= 2,
    );
    expect(await runs(added.id)).toEqual(['Fresh task:created', 'Second task:created']);
    expect(await runs(changed.id)).toEqual(['Fresh task:created', 'Second task:created']);
    const [first] = await runItems(server, added.id);
    expect(first).toMatchObject({
      id: fresh.id,
      url: `https://www.notion.so/${fresh.id.replace(/-/g, '')}`,
      properties: { Name: 'Fresh task' },
      createdTime: fresh.created_time,
    });

    notion.editItem(fresh.id, { Points: { number: 5 } });
    notion.editItem(old.id, { Points: { number: 1 } });
    await pollNow(server, added.id);
    await pollNow(server, changed.id);
    await waitFor(
      () => runItems(server, changed.id),
      (list) => list.length >= 4,
    );
    expect(await runs(changed.id)).toEqual([
      'Fresh task:created',
      'Second task:created',
      'Fresh task:changed',
      'Written before:changed',
    ]);
    expect((await runItems(server, changed.id))[2]).toMatchObject({ properties: { Points: 5 } });
    // Another poll with nothing new starts nothing.
    await pollNow(server, added.id);
    await pollNow(server, changed.id);
    expect(await runs(added.id)).toEqual(['Fresh task:created', 'Second task:created']);
    expect(await runs(changed.id)).toHaveLength(4);
    // The queries asked Notion for what is after the cursor, sorted by time.
    const queries = notion.calls.filter((call) => call.path.endsWith('/query'));
    expect(queries.at(-1)?.body).toMatchObject({
      filter: { timestamp: 'last_edited_time', last_edited_time: { on_or_after: expect.any(String) } },
      sorts: [{ timestamp: 'last_edited_time', direction: 'ascending' }],
    });
  });

  it('stops with the reason when Notion refuses the token', async () => {
    const flow = await publishTriggerFlow(owner, 'trigger.notion.databaseItem', {
      connectionId,
      databaseId: notion.ids.dataSource,
    });
    await primed(server, flow.id);
    notion.setTokenError('unauthorized');
    try {
      const row = await pollNow(server, flow.id);
      expect(row?.status).toBe('stopped');
    } finally {
      notion.setTokenError(null);
    }
    const status = await owner.client.get(`/api/flows/${flow.id}/trigger-status`);
    expect(status.body).toMatchObject({ status: 'stopped' });
    expect(status.body.message).toContain('Reconnect Notion (Acme Notion) in Integrations');
    expect(status.body.message).not.toMatch(/select|insert|at .*\.ts/i);
  });
});
