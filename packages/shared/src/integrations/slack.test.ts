import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isTrigger, validateNode } from '../flow-steps';
import type { FlowNode } from '../flows';
import { INTEGRATION_STEP_TYPES, INTEGRATION_TOOL_LABELS, INTEGRATIONS } from './catalogue';
import { integrationTriggerOf } from './define-integration';
import { addReactionInfo, newMessageInfo, sendMessageInfo } from './slack';

const node = (type: string, params: Record<string, unknown>): FlowNode => ({
  id: 'n',
  type,
  name: 'Slack',
  position: { x: 0, y: 0 },
  params,
  settings: {},
});

describe('the integrations’ catalogue', () => {
  it('gives each action a step whose form starts with a connection of its provider', () => {
    expect(INTEGRATION_STEP_TYPES.map((step) => step.type).filter((type) => type.startsWith('slack.'))).toEqual([
      'slack.sendMessage',
      'slack.updateMessage',
      'slack.addReaction',
      'slack.listChannels',
      'slack.listUsers',
    ]);
    for (const step of INTEGRATION_STEP_TYPES)
      expect(step.fields[0]).toMatchObject({
        key: 'connectionId',
        kind: 'connection',
        providers: [step.type.replace(/^trigger\./, '').split('.')[0]],
      });
  });

  it('gives each trigger a trigger step, with no inputs, that the flow rules count as its trigger', () => {
    const triggers = INTEGRATION_STEP_TYPES.filter((step) => step.group === 'trigger');
    expect(triggers.map((step) => step.type)).toEqual([
      'trigger.slack.newMessage',
      'trigger.notion.databaseItem',
      'trigger.google.eventChanged',
      'trigger.twitter.newMention',
    ]);
    for (const step of triggers) {
      expect(step.inputs).toEqual([]);
      expect(isTrigger(step.type)).toBe(true);
      expect(integrationTriggerOf(step.type)).toEqual({
        provider: step.type.split('.')[1],
        name: step.type.split('.')[2],
      });
    }
    expect(integrationTriggerOf('trigger.schedule')).toBeNull();
    expect(integrationTriggerOf('slack.sendMessage')).toBeNull();
  });

  it('checks a trigger’s form like a step’s: the channel is required', () => {
    expect(validateNode(node('trigger.slack.newMessage', { connectionId: 'con_1' }))).toEqual([
      { nodeId: 'n', field: 'channel', message: 'Channel is required' },
    ]);
    expect(
      validateNode(node('trigger.slack.newMessage', { connectionId: 'con_1', channel: 'C0GENERAL', only: 'some' })),
    ).toEqual([{ nodeId: 'n', field: 'only', message: 'Messages: choose one of the options' }]);
    expect(newMessageInfo.input.parse({ channel: ' C0GENERAL ' })).toEqual({ channel: 'C0GENERAL', only: 'all' });
  });

  it('has a schema key for every form field and a field for every schema key', () => {
    for (const integration of INTEGRATIONS)
      for (const action of [...integration.actions, ...(integration.triggers ?? [])]) {
        const { shape } = action.input as z.ZodObject;
        expect(Object.keys(shape).sort(), action.name).toEqual(action.fields.map((f) => f.key).sort());
      }
  });
});

describe('the assistant’s names for the actions', () => {
  it('are the provider and the action in snake case, labelled as the steps are', () => {
    expect(INTEGRATION_TOOL_LABELS).toMatchObject({
      list_connections: 'List connections',
      slack_send_message: 'Slack: Send message',
      slack_update_message: 'Slack: Update message',
      slack_add_reaction: 'Slack: Add reaction',
      slack_list_channels: 'Slack: List channels',
      slack_list_users: 'Slack: List users',
    });
  });
});

describe('Slack steps in the editor and at publish', () => {
  it.each([
    [{}, ['Connection is required', 'Channel is required', 'Give a text or blocks']],
    [{ connectionId: 'icn_1', channel: 'C0GENERAL', text: 'Hi' }, []],
    [{ connectionId: 'icn_1', channel: 'C0GENERAL', blocks: '[{"type":"divider"}]' }, []],
    [{ connectionId: 'icn_1', sendTo: 'user', text: 'Hi' }, ['Person is required']],
    [{ connectionId: 'icn_1', channel: 'C0GENERAL', text: 'Hi', blocks: '[{' }, ['Blocks is not valid JSON']],
  ])('send message with %j has issues %j', (params, messages) => {
    expect(validateNode(node('slack.sendMessage', params)).map((issue) => issue.message)).toEqual(messages);
  });
});

describe('Slack inputs once expressions are evaluated', () => {
  it.each([
    [
      { channel: 'C1', text: 'Hi' },
      { sendTo: 'channel', channel: 'C1', text: 'Hi' },
    ],
    [
      { channel: ' C1 ', text: 'Hi', threadTs: '' },
      { sendTo: 'channel', channel: 'C1', text: 'Hi' },
    ],
    [
      { channel: 'C1', blocks: '[{"type":"divider"}]' },
      { sendTo: 'channel', channel: 'C1', blocks: [{ type: 'divider' }] },
    ],
    [
      { channel: 'C1', blocks: [{ type: 'divider' }] },
      { sendTo: 'channel', channel: 'C1', blocks: [{ type: 'divider' }] },
    ],
  ])('send message %j reads as %j', (params, input) => {
    expect(sendMessageInfo.input.parse(params)).toEqual(input);
  });

  it.each([
    [{ channel: 'C1', text: 'Hi', threadTs: 'now' }, 'threadTs', 'Give a message timestamp such as 1712345678.123456'],
    [{ sendTo: 'user', text: 'Hi' }, 'user', 'Choose a person'],
    [{ channel: 'C1' }, 'text', 'Give a text or blocks'],
    [{ channel: 'C1', blocks: '{"type":"divider"}' }, 'blocks', 'Give a JSON array of Block Kit blocks'],
  ])('send message %j fails on %s: %s', (params, path, message) => {
    const issue = sendMessageInfo.input.safeParse(params).error?.issues[0];
    expect([issue?.path[0], issue?.message]).toEqual([path, message]);
  });

  it('takes an emoji with or without colons', () => {
    expect(addReactionInfo.input.parse({ channel: 'C1', ts: '1.2', emoji: ':tada:' }).emoji).toBe('tada');
    expect(addReactionInfo.input.safeParse({ channel: 'C1', ts: '1.2', emoji: 'no spaces' }).success).toBe(false);
  });
});
