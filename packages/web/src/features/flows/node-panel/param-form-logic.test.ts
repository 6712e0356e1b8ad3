import type { FlowNode } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import {
  issuesByField,
  jsonProblem,
  nameProblem,
  numberParam,
  paramRows,
  paramText,
  settingNumber,
  visibleFields,
  withParam,
  withSettings,
} from './param-form-logic';

const http = (params: Record<string, unknown> = {}): FlowNode => ({
  id: 'n1',
  type: 'http.request',
  name: 'Call',
  position: { x: 0, y: 0 },
  params,
  settings: {},
});
const keys = (node: FlowNode) => visibleFields(node).map((field) => field.key);

describe('visibleFields', () => {
  it('applies showIf against the params with their defaults', () => {
    // bodyType defaults to none, auth to none, pagination to none.
    expect(keys(http())).toEqual([
      'method',
      'url',
      'query',
      'headers',
      'bodyType',
      'credential',
      'auth',
      'response',
      'pagination',
      'failOnStatus',
    ]);
    expect(keys(http({ bodyType: 'json', auth: 'basic' }))).toContain('jsonBody');
    expect(keys(http({ bodyType: 'json', auth: 'basic' }))).toEqual(expect.arrayContaining(['username', 'password']));
    expect(keys(http({ pagination: 'page_param' }))).toEqual(
      expect.arrayContaining(['pageParam', 'itemsPath', 'maxPages']),
    );
    expect(keys(http({ pagination: 'page_param' }))).not.toContain('nextUrlPath');
  });

  it('shows a field whose showIf lists nothing only when the other param is filled in', () => {
    const hook = { ...http(), type: 'trigger.webhook' };
    expect(keys(hook)).not.toContain('secretValue');
    expect(keys({ ...hook, params: { secretHeader: 'X-Secret' } })).toContain('secretValue');
  });

  it('is empty for an unknown type', () => {
    expect(visibleFields({ type: 'nope', params: {} })).toEqual([]);
  });
});

describe('withParam and withSettings', () => {
  it('keeps params the form does not know', () => {
    const node = http({ url: 'https://a', legacyThing: 1 });
    expect(withParam(node, 'url', 'https://b').params).toEqual({ url: 'https://b', legacyThing: 1 });
    expect(node.params.url).toBe('https://a');
  });

  it('drops a setting set back to undefined', () => {
    const node = withSettings(http(), { retries: 2, timeoutMs: 5000 });
    expect(node.settings).toEqual({ retries: 2, timeoutMs: 5000 });
    expect(withSettings(node, { retries: undefined }).settings).toEqual({ timeoutMs: 5000 });
  });
});

describe('issuesByField', () => {
  it('puts issues under shown fields and the rest in general', () => {
    const node = http();
    const { byField, general } = issuesByField(
      [
        { nodeId: 'n1', field: 'url', message: 'URL is required' },
        { nodeId: 'n1', field: 'jsonBody', message: 'hidden field' },
        { nodeId: 'n1', message: 'Not connected' },
        { nodeId: 'other', field: 'url', message: 'someone else' },
      ],
      node,
    );
    expect(Object.fromEntries(byField)).toEqual({ url: ['URL is required'] });
    expect(general).toEqual(['hidden field', 'Not connected']);
  });
});

describe('input conversions', () => {
  it('reads number boxes', () => {
    expect(numberParam('')).toBeUndefined();
    expect(numberParam(' 42 ')).toBe(42);
    expect(numberParam('1.5')).toBe(1.5);
    expect(numberParam('{{ $json.n }}')).toBe('{{ $json.n }}');
    expect(numberParam('abc')).toBe('abc');
    expect(settingNumber('3')).toBe(3);
    expect(settingNumber('-1')).toBeUndefined();
    expect(settingNumber('2.5')).toBeUndefined();
    expect(settingNumber('')).toBeUndefined();
  });

  it('shows params as text and rows', () => {
    expect(paramText(undefined)).toBe('');
    expect(paramText(5)).toBe('5');
    expect(paramText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(paramRows([{ key: 'a' }, null, 'x'])).toEqual([{ key: 'a' }]);
    expect(paramRows('nope')).toEqual([]);
  });

  it('checks JSON, with expressions standing in for values', () => {
    expect(jsonProblem('')).toBeNull();
    expect(jsonProblem('{"a": {{ $json.a }} }')).toBeNull();
    expect(jsonProblem('{"a": "{{ $json.a }}"}')).toBeNull();
    expect(jsonProblem('{"a": ')).toMatch(/^Not valid JSON/);
  });
});

describe('nameProblem', () => {
  const graph = { nodes: [http(), { ...http(), id: 'n2', name: 'Send Mail' }], edges: [], stickies: [] };
  it('refuses empty, long and taken names, ignoring case, but not the step’s own', () => {
    expect(nameProblem('  ', http(), graph)).toBe('A step needs a name');
    expect(nameProblem('x'.repeat(81), http(), graph)).toBe('At most 80 characters');
    expect(nameProblem('send mail', http(), graph)).toBe('Another step is named "send mail"');
    expect(nameProblem('Call', http(), graph)).toBeNull();
    expect(nameProblem('Fetch', http(), graph)).toBeNull();
  });
});
