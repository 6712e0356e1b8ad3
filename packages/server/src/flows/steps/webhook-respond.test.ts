import { describe, expect, it } from 'vitest';
import { testContext } from './test-context';
import { jsonTemplates } from './test-evaluate';
import { webhookRespondStep } from './webhook-respond';

const items = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Bob' },
];
const run = (params: Record<string, unknown>, given: Record<string, unknown>[] = items) =>
  webhookRespondStep.run(testContext({ type: 'webhook.respond', params, items: given, evaluate: jsonTemplates }));

describe('webhook.respond step', () => {
  it('answers with the first item as JSON by default, and passes the items on', async () => {
    expect(await run({})).toEqual({
      outputs: { main: items },
      respond: { status: 200, headers: { 'content-type': 'application/json' }, body: items[0] },
    });
  });

  it('answers with all items, or a JSON body from text (with expressions) or an object', async () => {
    expect((await run({ bodyType: 'all_items', status: 201 })) as object).toMatchObject({
      respond: { status: 201, body: items },
    });
    expect(
      (await run({ bodyType: 'json', json: '{ "ok": true, "name": "{{ $json.name }}" }' })) as object,
    ).toMatchObject({
      respond: { body: { ok: true, name: 'Ada' }, headers: { 'content-type': 'application/json' } },
    });
    expect((await run({ bodyType: 'json', json: { list: [1] } })) as object).toMatchObject({
      respond: { body: { list: [1] } },
    });
  });

  it('answers with text or no body; headers are a key-value list and a set content-type wins', async () => {
    expect(
      await run({
        bodyType: 'text',
        text: 'Hello {{ $json.name }}',
        headers: [
          { key: 'X-Trace', value: 'id-{{ $json.id }}' },
          { key: '', value: 'skipped' },
        ],
      }),
    ).toMatchObject({
      respond: { body: 'Hello Ada', headers: { 'x-trace': 'id-1', 'content-type': 'text/plain; charset=utf-8' } },
    });
    expect(
      await run({
        bodyType: 'json',
        json: '[1]',
        headers: [{ key: 'Content-Type', value: 'application/vnd.api+json' }],
      }),
    ).toMatchObject({ respond: { headers: { 'content-type': 'application/vnd.api+json' } } });
    expect(await run({ bodyType: 'none', status: 204 })).toMatchObject({
      respond: { status: 204, headers: {}, body: null },
    });
  });

  it('answers {} for the first item when there are no items', async () => {
    expect(await run({}, [])).toMatchObject({ outputs: { main: [] }, respond: { body: {} } });
  });

  it('names what is wrong', async () => {
    await expect(run({ bodyType: 'json', json: '{ nope' })).rejects.toThrow(/^The JSON body is not valid JSON/);
    await expect(run({ status: 700 })).rejects.toThrow('Status must be at most 599');
    await expect(run({ headers: [{ key: 'Bad Name', value: 'x' }] })).rejects.toThrow(
      'Header name "Bad Name" is not valid',
    );
    await expect(run({ headers: [{ key: 'X-A', value: 'a\r\nSet-Cookie: x' }] })).rejects.toThrow(
      'Header X-A may not hold line breaks',
    );
  });

  it('refuses headers that would act on the visitor’s browser, and redirects elsewhere unless allowed', async () => {
    await expect(run({ headers: [{ key: 'Set-Cookie', value: 'sid=1' }] })).rejects.toThrow(
      'Respond steps may not set cookies (set-cookie)',
    );
    await expect(run({ headers: [{ key: 'Content-Security-Policy', value: 'default-src *' }] })).rejects.toThrow(
      /may not change the security policy/,
    );
    await expect(run({ headers: [{ key: 'Access-Control-Allow-Credentials', value: 'true' }] })).rejects.toThrow(
      /credentialed/,
    );
    // A header name made by an expression is checked too.
    await expect(
      run({ headers: [{ key: '{{ $json.header }}', value: 'x' }] }, [{ header: 'Set-Cookie' }]),
    ).rejects.toThrow(/cookies/);
    await expect(run({ headers: [{ key: 'Location', value: 'https://evil.example/' }] })).rejects.toThrow(
      /Location may only be a path/,
    );
    await expect(run({ headers: [{ key: 'Location', value: '//evil.example/' }] })).rejects.toThrow(/Location/);
    expect(await run({ status: 302, headers: [{ key: 'Location', value: '/thanks' }] })).toMatchObject({
      respond: { status: 302, headers: { location: '/thanks' } },
    });
    expect(
      await run({ allowRedirect: true, status: 302, headers: [{ key: 'Location', value: 'https://example.com/' }] }),
    ).toMatchObject({ respond: { headers: { location: 'https://example.com/' } } });
  });
});
