import type { FlowGraph } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import { groupIssues, publishBlockedReason } from './flow-issues';

const draft = {
  nodes: [{ id: 'a', type: 'http.request', name: 'Call', position: { x: 0, y: 0 }, params: {}, settings: {} }],
  edges: [],
  stickies: [],
} as FlowGraph;
const published = { publishedVersion: 3, hasUnpublishedChanges: false };

describe('publishBlockedReason', () => {
  it('says why Publish is off, or null when it is on', () => {
    const issue = { nodeId: 'a', field: 'url', message: 'URL is required' };
    expect(publishBlockedReason({ mode: 'version', issues: [], draft, flow: published, saveStatus: 'saved' })).toBe(
      'Go back to the draft to publish',
    );
    expect(
      publishBlockedReason({ mode: 'edit', issues: [issue, issue], draft, flow: published, saveStatus: 'saved' }),
    ).toBe('Fix 2 issues first: Call: URL is required');
    expect(
      publishBlockedReason({
        mode: 'edit',
        issues: [{ nodeId: '', message: 'Add a trigger to start the flow' }],
        draft,
        flow: published,
        saveStatus: 'saved',
      }),
    ).toBe('Fix 1 issue first: Add a trigger to start the flow');
    expect(publishBlockedReason({ mode: 'edit', issues: [], draft, flow: published, saveStatus: 'saved' })).toBe(
      'No changes since v3',
    );
    // Still saving: the change may be new, so Publish stays on.
    expect(publishBlockedReason({ mode: 'edit', issues: [], draft, flow: published, saveStatus: 'saving' })).toBeNull();
    expect(
      publishBlockedReason({
        mode: 'edit',
        issues: [],
        draft,
        flow: { publishedVersion: null, hasUnpublishedChanges: true },
        saveStatus: 'saved',
      }),
    ).toBeNull();
  });
});

describe('groupIssues', () => {
  it('groups the issues by their step, in order', () => {
    const grouped = groupIssues([
      { nodeId: 'a', message: 'one' },
      { nodeId: 'b', message: 'two' },
      { nodeId: 'a', message: 'three' },
    ]);
    expect(grouped.get('a')?.map((issue) => issue.message)).toEqual(['one', 'three']);
    expect(grouped.get('b')).toHaveLength(1);
  });
});
