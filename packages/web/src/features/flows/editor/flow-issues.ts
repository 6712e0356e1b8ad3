import type { NodeIssue } from '@flowmind/shared/flow-steps';
import type { Flow, FlowGraph } from '@flowmind/shared/flows';

/** The draft's issues by the step they are on (the canvas marks each step with its own). */
export function groupIssues(issues: readonly NodeIssue[]): Map<string, NodeIssue[]> {
  const byNode = new Map<string, NodeIssue[]>();
  for (const issue of issues) byNode.set(issue.nodeId, [...(byNode.get(issue.nodeId) ?? []), issue]);
  return byNode;
}

/**
 * Why Publish is off, in words for its tooltip, or null when it is on: only the draft publishes,
 * with no issue left, and only when it differs from the published version.
 */
export function publishBlockedReason({
  mode,
  issues,
  draft,
  flow,
  saveStatus,
}: {
  mode: 'edit' | 'version' | 'execution';
  issues: readonly NodeIssue[];
  draft: FlowGraph;
  flow: Pick<Flow, 'publishedVersion' | 'hasUnpublishedChanges'>;
  saveStatus: string;
}): string | null {
  if (mode !== 'edit') return 'Go back to the draft to publish';
  const first = issues[0];
  if (first) {
    const where = draft.nodes.find((node) => node.id === first.nodeId)?.name;
    return `Fix ${issues.length} issue${issues.length === 1 ? '' : 's'} first: ${[where, first.message].filter(Boolean).join(': ')}`;
  }
  if (flow.publishedVersion !== null && !flow.hasUnpublishedChanges && saveStatus === 'saved')
    return `No changes since v${flow.publishedVersion}`;
  return null;
}
