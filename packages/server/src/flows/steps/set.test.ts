import { describe, expect, it } from 'vitest';
import { setStep } from './set';
import { testContext } from './test-context';
import { jsonTemplates } from './test-evaluate';

const run = (params: Record<string, unknown>, items: Record<string, unknown>[]) =>
  setStep.run(testContext({ type: 'set', params, items, evaluate: jsonTemplates }));

describe('set step', () => {
  it('sets fields per item with their types, nested by dotted names, without touching the input', async () => {
    const items = [
      { id: 1, email: 'A@x.io', user: { name: 'Ada', age: 36 } },
      { id: 2, email: 'b@x.io', user: 'not an object' },
    ];
    const before = structuredClone(items);
    const result = await run(
      {
        assignments: [
          { name: 'copyOfId', value: '{{ $json.id }}' },
          { name: 'label', value: 'Item {{ $json.id }}' },
          { name: 'user.name', value: 'Grace' },
          { name: 'meta.source', value: 'flow' },
          { name: '', value: 'ignored' },
        ],
      },
      items,
    );
    expect(result).toEqual({
      outputs: {
        main: [
          {
            id: 1,
            email: 'A@x.io',
            user: { name: 'Grace', age: 36 },
            copyOfId: 1,
            label: 'Item 1',
            meta: { source: 'flow' },
          },
          { id: 2, email: 'b@x.io', user: { name: 'Grace' }, copyOfId: 2, label: 'Item 2', meta: { source: 'flow' } },
        ],
      },
    });
    expect(items).toEqual(before);
  });

  it('keeps only the fields it sets when asked', async () => {
    const result = await run(
      { keepOnlySet: true, assignments: [{ name: 'contact.email', value: '{{ $json.email }}' }] },
      [{ email: 'a@x.io', secret: 'x' }],
    );
    expect(result).toEqual({ outputs: { main: [{ contact: { email: 'a@x.io' } }] } });
  });

  it('refuses field names that would reach the prototype', async () => {
    await expect(run({ assignments: [{ name: 'a.__proto__.polluted', value: 1 }] }, [{}])).rejects.toThrow(
      '"a.__proto__.polluted" cannot be used as a field name',
    );
    await expect(run({ assignments: [{ name: 'a..b', value: 1 }] }, [{}])).rejects.toThrow(
      '"a..b" is not a field name',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
