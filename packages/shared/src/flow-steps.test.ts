import { describe, expect, it } from 'vitest';
import { STEP_TYPES, validateNode } from './flow-steps';
import type { FlowNode } from './flows';

const node = (type: string, params: Record<string, unknown>): FlowNode => ({
  id: 'n',
  type,
  name: 'Step',
  position: { x: 0, y: 0 },
  params,
  settings: {},
});

describe('validateNode with a step type’s own rules', () => {
  it('is told each rule by the catalogue entry, not by the step type’s name', () => {
    expect(
      STEP_TYPES.filter((info) => info.validate)
        .map((info) => info.type)
        .sort(),
    ).toEqual([
      'google.createEvent',
      'google.updateEvent',
      'slack.sendMessage',
      'slack.updateMessage',
      'trigger.schedule',
      'twitter.post',
      'twitter.reply',
      'webhook.respond',
    ]);
  });

  it.each([
    [
      { mode: 'interval', every: 5, unit: 'seconds' },
      [{ nodeId: 'n', field: 'every', message: 'The shortest interval is 10 seconds' }],
    ],
    [{ mode: 'interval', every: 10, unit: 'seconds' }, []],
    [{ mode: 'interval', every: 1, unit: 'minutes' }, []],
    // Checked when it fires, not here.
    [{ mode: 'interval', every: '{{ $json.n }}', unit: 'seconds' }, []],
    [{ mode: 'cron', cron: '* * * * *', every: 1, unit: 'seconds' }, []],
  ])('a schedule with %j has issues %j', (params, issues) => {
    expect(validateNode(node('trigger.schedule', params))).toEqual(issues);
  });

  it('refuses headers a Respond step may not send, leaving expressions to the run', () => {
    const respond = (headers: { key: string; value: string }[], allowRedirect = false) =>
      validateNode(node('webhook.respond', { headers, allowRedirect }));
    expect(respond([{ key: 'Location', value: 'https://elsewhere.example/' }])).toEqual([
      {
        nodeId: 'n',
        field: 'headers',
        message:
          'Location may only be a path on this server (like /thanks) unless “Allow redirects to other sites” is on',
      },
    ]);
    expect(respond([{ key: 'Location', value: 'https://elsewhere.example/' }], true)).toEqual([]);
    expect(respond([{ key: 'Location', value: '/thanks' }])).toEqual([]);
    expect(respond([{ key: '{{ $json.header }}', value: 'https://elsewhere.example/' }])).toEqual([]);
    expect(respond([{ key: 'Location', value: '{{ $json.next }}' }])).toEqual([]);
  });
});
