import { describe, expect, it } from 'vitest';
import { toolLabel } from './chat-tool-card';

describe('toolLabel', () => {
  it('names a tool call by its own label, else the catalogue’s, else its name', () => {
    expect(toolLabel({ toolName: 'lookup_order_3fa2c1', label: 'Look up an order (Orders)' })).toBe(
      'Look up an order (Orders)',
    );
    expect(toolLabel({ toolName: 'list_connections' })).toBe('List connections');
    expect(toolLabel({ toolName: 'something_new' })).toBe('something_new');
  });
});
