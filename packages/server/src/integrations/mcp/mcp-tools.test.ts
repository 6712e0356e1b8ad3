import { describe, expect, it } from 'vitest';
import { TOOL_NAME, toolNameFor } from './mcp-tools';

describe('tool names for the model', () => {
  it('keeps a valid, free name as it is', () => {
    const taken = new Set<string>();
    expect(toolNameFor('lookup_order', 'icn_1\u0000lookup_order', taken)).toBe('lookup_order');
    expect(taken.has('lookup_order')).toBe(true);
  });

  it('makes names providers accept from any MCP tool name, the same each time', () => {
    const wanted = ['orders.lookup', 'créer un ticket', '', 'x'.repeat(80), 'a/b:c d'];
    const first = wanted.map((name) => toolNameFor(name, `icn_1\u0000${name}`, new Set()));
    for (const name of first) expect(name).toMatch(TOOL_NAME);
    expect(first[0]).toMatch(/^orders_lookup_[0-9a-f]{6}$/);
    expect(wanted.map((name) => toolNameFor(name, `icn_1\u0000${name}`, new Set()))).toEqual(first);
  });

  it('gives a taken name (another server’s tool, a workspace tool) a suffix of its own', () => {
    const taken = new Set(['create_note']);
    const mine = toolNameFor('create_note', 'icn_1\u0000create_note', taken);
    const theirs = toolNameFor('create_note', 'icn_2\u0000create_note', taken);
    expect(mine).toMatch(/^create_note_[0-9a-f]{6}$/);
    expect(theirs).toMatch(/^create_note_[0-9a-f]{6}$/);
    expect(mine).not.toBe(theirs);
    expect(taken.size).toBe(3);
  });
});
