import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../test/wait';
import { accountId, createFlow, finished, graph, owner, server, stepOf, useEngineServer } from './engine-test-setup';

useEngineServer();

describe('the engine end to end', () => {
  it('fires a schedule once per tick however many schedulers look', async () => {
    const flow = await createFlow(
      graph(
        [
          {
            id: 's',
            type: 'trigger.schedule',
            name: 'Every 10 s',
            params: { mode: 'interval', every: 10, unit: 'seconds' },
          },
          {
            id: 'x',
            type: 'set',
            name: 'Mark',
            params: { assignments: [{ name: 'fired', value: '{{ $json.firedAt }}' }] },
          },
        ],
        [['s', 'x']],
      ),
    );
    // Make it due now, then let two more schedulers race the one the server runs.
    await server.db.execute(
      sql`update flow_schedules set next_at = now() - interval '1 second' where flow_id = ${flow.id}`,
    );
    const { startScheduler } = await import('./triggers/schedule');
    const pino = (await import('pino')).default;
    const extra = [1, 2].map(() =>
      startScheduler({
        db: server.db,
        runtime: server.flows.runtime,
        logger: pino({ level: 'silent' }),
        intervalMs: 3600_000,
      }),
    );
    // Each started with a tick; four more at once race for the same due schedule.
    await Promise.all([...extra, ...extra].map((s) => s.tick()));
    for (const s of extra) s.stop();
    const executions = async () => (await owner.client.get(`/api/executions?flowId=${flow.id}`)).body.executions;
    const [first] = await waitFor(executions, (list) => list.length > 0);
    await Promise.all(extra.map((s) => s.tick()));
    const list = await executions();
    expect(list).toHaveLength(1);
    expect(list[0].mode).toBe('schedule');
    const execution = await finished(first.id);
    expect(stepOf(execution, 'x')?.output.main?.[0]).toMatchObject({ fired: expect.any(String) });
  });

  it('starts a flow from an email sent over SMTP', async () => {
    const flow = await createFlow(
      graph(
        [
          { id: 'mail', type: 'trigger.email', name: 'Inbox' },
          {
            id: 'x',
            type: 'set',
            name: 'Subject',
            params: { assignments: [{ name: 'title', value: '{{ $json.subject.toUpperCase() }}' }] },
          },
        ],
        [['mail', 'x']],
      ),
    );
    const inbound = server.flows.inboundPort();
    expect(inbound).toBeGreaterThan(0);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: inbound ?? 0,
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({
      from: 'Bob <bob@example.com>',
      to: flow.emailAddress,
      subject: 'Invoice 42',
      text: 'Please pay.',
    });
    await expect(
      transport.sendMail({ from: 'bob@example.com', to: 'flow-nothere@localhost', subject: 'x', text: 'y' }),
    ).rejects.toThrow(/550/);
    const list = await waitFor(
      async () => (await owner.client.get(`/api/executions?flowId=${flow.id}`)).body,
      (page) => page.executions.length === 1,
    );
    const execution = await finished(list.executions[0].id);
    expect(stepOf(execution, 'mail')?.output.main?.[0]).toMatchObject({
      from: 'bob@example.com',
      subject: 'Invoice 42',
      text: 'Please pay.\n',
    });
    expect(stepOf(execution, 'x')?.output.main?.[0]).toMatchObject({ title: 'INVOICE 42' });
  });

  it('starts a flow when a table record is created, and a flow’s own writes do not loop', async () => {
    const table = (await owner.client.post('/api/tables', { accountId: accountId(), name: 'Leads' })).body;
    const flow = await createFlow(
      graph(
        [
          { id: 'rec', type: 'trigger.table', name: 'New lead', params: { tableId: table.id, event: 'created' } },
          {
            id: 'copy',
            type: 'table.records',
            name: 'Copy',
            params: {
              tableId: table.id,
              operation: 'create',
              values: [{ name: 'Name', value: '{{ $json.fields.Name }} (copy)' }],
            },
          },
        ],
        [['rec', 'copy']],
      ),
    );
    const created = await owner.client.post(`/api/tables/${table.id}/records`, { records: [{ values: {} }] });
    expect(created.status, created.text).toBe(201);
    const fields = (await owner.client.get(`/api/tables/${table.id}/fields`)).body;
    await owner.client.patch(`/api/tables/${table.id}/records`, {
      records: [{ id: created.body.records[0].id, values: { [fields[0].id]: 'Ann' } }],
    });
    const list = await waitFor(
      async () => (await owner.client.get(`/api/executions?flowId=${flow.id}`)).body,
      (page) => page.executions.length >= 1,
    );
    await finished(list.executions[0].id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = (await owner.client.get(`/api/executions?flowId=${flow.id}`)).body;
    expect(after.executions).toHaveLength(1);
    const records = (await owner.client.get(`/api/tables/${table.id}/records`)).body.records;
    expect(records).toHaveLength(2);

    // A public form's submission is a created record too.
    const { body: view } = await owner.client.post(`/api/tables/${table.id}/views`, { name: 'Sign up', type: 'form' });
    const shared = await owner.client.patch(`/api/tables/${table.id}/views/${view.id}`, {
      config: { formPublic: true },
    });
    const visitor = server.client();
    const submitted = await visitor.post(`/api/forms/${shared.body.publicId}/submit`, {
      values: { [fields[0].id]: 'From the form' },
    });
    expect(submitted.status, submitted.text).toBe(201);
    const more = await waitFor(
      async () => (await owner.client.get(`/api/executions?flowId=${flow.id}`)).body,
      (page) => page.executions.length === 2,
    );
    const fromForm = await finished(more.executions[0].id);
    expect(stepOf(fromForm, 'rec')?.output.main?.[0]).toMatchObject({
      event: 'created',
      fields: { Name: 'From the form' },
    });
  });
});
