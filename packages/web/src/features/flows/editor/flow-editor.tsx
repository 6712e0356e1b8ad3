import { type NodeIssue, stepType, validateGraph } from '@flowmind/shared/flow-steps';
import { type Flow, FlowExport, FlowGraph, type FlowNode, type FlowVersion } from '@flowmind/shared/flows';
import { useQueryClient } from '@tanstack/react-query';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Workflow } from 'lucide-react';
import { type ChangeEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ApiError, errorMessage } from '../../../lib/api';
import { useMediaQuery } from '../../../lib/use-media-query';
import { alerts } from '../../../shell/alert-store';
import { liveQueryKey } from '../../live/use-live-query';
import { flowApi, flowLivePath, flowVersionsKey, useFlow } from '../flow-api';
import { nameProblem } from '../node-panel/param-form-logic';
import { NODE_WIDTH } from './auto-layout';
import { CanvasToolbar, EmptyFlowPrompt, ReadOnlyBanner } from './canvas-overlays';
import { type CanvasActions, CanvasActionsContext } from './editor-context';
import { EditorTopBar, type TopBarMenuAction } from './editor-top-bar';
import { ExecutionsList } from './executions-list';
import { FlowCanvas } from './flow-canvas';
import { FlowSettingsDialog } from './flow-settings-dialog';
import { emptyGraph, parseFragment, removeItems, renameNode, updateNode, updateSticky } from './graph-ops';
import { nodeRuns } from './node-runs';
import { PublishDialog } from './publish-dialog';
import { RunBar } from './run-bar';
import { ShortcutsDialog } from './shortcuts-dialog';
import { stepNodeHeight } from './step-node';
import { type PaletteState, StepPaletteOverlay } from './step-palette-overlay';
import { StepSidePanel } from './step-side-panel';
import { useEditorRun } from './use-editor-run';
import { useEditorShortcuts } from './use-editor-shortcuts';
import { useGraphActions } from './use-graph-actions';
import { useSyncedDraft } from './use-synced-draft';
import { VersionHistory } from './version-history';

const CLIPBOARD_KEY = 'flowmind.flow-clipboard';

type RightPanel = { kind: 'node'; nodeId: string } | { kind: 'versions' } | { kind: 'executions' } | null;

/** `/flows/{id}`: loads the flow, then the editor (or says it is gone). */
export function FlowEditor({ flowId }: { flowId: string }) {
  const flow = useFlow(flowId);
  const queryClient = useQueryClient();
  // The last edits leave with the page (a request the cache never sees the answer to): the next visit reads afresh
  // instead of starting from a draft that is one save behind.
  useEffect(
    () => () => queryClient.removeQueries({ queryKey: liveQueryKey(flowLivePath(flowId)), exact: true }),
    [queryClient, flowId],
  );
  if (flow.error instanceof ApiError && flow.error.status === 404) {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-surface p-4">
        <EmptyState
          icon={Workflow}
          title="Flow not found"
          description="It may have been deleted, or it belongs to an account you are not in."
          className="w-full max-w-lg"
        >
          <ButtonLink to="/flows">Back to Flows</ButtonLink>
        </EmptyState>
      </div>
    );
  }
  if (!flow.data) {
    return (
      <div className="flex h-dvh flex-col bg-surface">
        <div className="h-12 border-b bg-background" />
        <div className="flex flex-1 items-center justify-center text-muted-foreground text-sm">
          {flow.error ? errorMessage(flow.error, 'Could not load the flow') : 'Loading the flow…'}
        </div>
      </div>
    );
  }
  return (
    <ReactFlowProvider>
      <LoadedFlowEditor flow={flow.data} />
    </ReactFlowProvider>
  );
}

function groupIssues(issues: NodeIssue[]): Map<string, NodeIssue[]> {
  const byNode = new Map<string, NodeIssue[]>();
  for (const issue of issues) byNode.set(issue.nodeId, [...(byNode.get(issue.nodeId) ?? []), issue]);
  return byNode;
}

function LoadedFlowEditor({ flow }: { flow: Flow }) {
  const flowId = flow.id;
  const [initial] = useState(flow);
  const queryClient = useQueryClient();
  const reactFlow = useReactFlow();
  const phone = useMediaQuery('(max-width: 639px)');
  const { history, saver, reload, setFlowData } = useSyncedDraft(flow, initial);
  const draft = history.graph;
  const { flush } = saver;

  const [params, setParams] = useSearchParams();
  const executionViewId = params.get('execution');
  const [viewingVersion, setViewingVersion] = useState<FlowVersion | null>(null);
  const { runId, dismissRun, runStarting, followedId, executionQuery, execution, runFinished, lastRun, startRun } =
    useEditorRun({
      flowId,
      lastExecutionId: flow.lastExecution?.id ?? null,
      executionViewId,
      setParams,
      setViewingVersion,
      flush,
    });
  const mode: 'edit' | 'version' | 'execution' = executionViewId ? 'execution' : viewingVersion ? 'version' : 'edit';
  const readOnly = mode !== 'edit';
  const graph =
    mode === 'execution'
      ? (execution?.graph ?? emptyGraph())
      : mode === 'version'
        ? (viewingVersion?.graph ?? draft)
        : draft;
  const graphRef = useRef(graph);
  graphRef.current = graph;

  const issues = useMemo(() => validateGraph(draft), [draft]);
  const issuesByNode = useMemo(() => (mode === 'edit' ? groupIssues(issues) : new Map()), [issues, mode]);
  const runs = useMemo(() => nodeRuns(mode === 'version' ? null : execution), [execution, mode]);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rightPanel, setRightPanel] = useState<RightPanel>(null);
  const [palette, setPalette] = useState<PaletteState>(null);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [publishOpen, setPublishOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [restoring, setRestoring] = useState<FlowVersion | null>(null);
  const canvasBox = useRef<HTMLDivElement>(null);
  const importInput = useRef<HTMLInputElement>(null);

  const commit = history.commit;
  const selectedNodeIds = useCallback(
    () => graphRef.current.nodes.filter((node) => selected.has(node.id)).map((node) => node.id),
    [selected],
  );

  const select = useCallback((ids: string[]) => setSelected(new Set(ids)), []);

  /** Pans a step into the canvas's view when any of it is outside (under the side panel, off the edge). */
  const revealNode = useCallback(
    (nodeId: string) => {
      // Two frames: a panel that just opened is laid out and React Flow has taken the canvas's new width.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const node = graphRef.current.nodes.find((candidate) => candidate.id === nodeId);
          const box = canvasBox.current?.getBoundingClientRect();
          if (!node || !box) return;
          const measured = reactFlow.getInternalNode(nodeId)?.measured;
          const { x, y } = node.position;
          const width = measured?.width ?? NODE_WIDTH;
          const height = measured?.height ?? stepNodeHeight(node);
          const start = reactFlow.flowToScreenPosition({ x, y });
          const end = reactFlow.flowToScreenPosition({ x: x + width, y: y + height });
          if (start.x >= box.left && end.x <= box.right && start.y >= box.top && end.y <= box.bottom) return;
          void reactFlow.setCenter(x + width / 2, y + height / 2, { zoom: reactFlow.getZoom(), duration: 300 });
        }),
      );
    },
    [reactFlow],
  );

  /** Opens a step's panel; the canvas narrows for it, so a step it would cover is brought into view. */
  const openNode = useCallback(
    (nodeId: string) => {
      setRightPanel({ kind: 'node', nodeId });
      if (!phone) revealNode(nodeId);
    },
    [phone, revealNode],
  );

  /** A new step is brought into view, and an open step panel moves on to it (it would be showing a step not chosen). */
  const onAdded = useCallback(
    (nodeId: string) => {
      setPalette(null);
      if (rightPanel?.kind === 'node') openNode(nodeId);
      else revealNode(nodeId);
    },
    [rightPanel, openNode, revealNode],
  );
  const {
    addStep,
    pendingTrigger,
    confirmReplaceTrigger,
    cancelReplaceTrigger,
    paste,
    currentFragment,
    duplicate,
    toggleDisabled,
    layout,
    addSticky,
  } = useGraphActions({ graphRef, commit, readOnly, selected, select, canvasBox, onAdded });

  const focusNode = useCallback(
    (nodeId: string) => {
      select([nodeId]);
      openNode(nodeId);
    },
    [openNode, select],
  );

  const actions = useMemo<CanvasActions>(
    () => ({
      flow,
      readOnly,
      startRename: (nodeId) => !readOnly && setRenamingId(nodeId),
      finishRename: (nodeId, name) => {
        const node = graphRef.current.nodes.find((candidate) => candidate.id === nodeId);
        const problem = name !== null && node ? nameProblem(name, node, graphRef.current) : null;
        if (problem) return problem;
        setRenamingId(null);
        if (name !== null) commit((current) => renameNode(current, nodeId, name));
        return null;
      },
      openPaletteFrom: (from) => setPalette({ from }),
      toggleDisabled,
      duplicate,
      removeNodes: (nodeIds) => commit((current) => removeItems(current, { nodeIds })),
      removeEdge: (edgeId) => commit((current) => removeItems(current, { edgeIds: [edgeId] })),
      testStep: (nodeId) => void startRun(nodeId),
      updateSticky: (sticky) =>
        commit((current) => updateSticky(current, sticky), { coalesceKey: `sticky:${sticky.id}` }),
      removeSticky: (stickyId) => commit((current) => removeItems(current, { stickyIds: [stickyId] })),
    }),
    [flow, readOnly, commit, toggleDisabled, duplicate, startRun],
  );

  useEditorShortcuts(
    {
      undo: () => !readOnly && history.undo(),
      redo: () => !readOnly && history.redo(),
      selectAll: () => select([...graph.nodes.map((n) => n.id), ...graph.stickies.map((s) => s.id)]),
      copy: () => {
        const fragment = currentFragment();
        if (fragment) localStorage.setItem(CLIPBOARD_KEY, JSON.stringify(fragment));
      },
      copyText: () => {
        const fragment = currentFragment();
        return fragment ? JSON.stringify(fragment) : null;
      },
      pasteText: (text) => {
        const fragment = parseFragment(text);
        if (fragment) paste(fragment);
        return fragment !== null;
      },
      pasteFallback: () => {
        const fragment = parseFragment(localStorage.getItem(CLIPBOARD_KEY) ?? '');
        if (fragment) paste(fragment);
      },
      duplicate: () => duplicate(selectedNodeIds()),
      rename: () => {
        const ids = selectedNodeIds();
        if (ids.length === 1 && ids[0] && !readOnly) setRenamingId(ids[0]);
      },
      toggleDisabled: () => {
        for (const id of selectedNodeIds()) toggleDisabled(id);
      },
      layout,
      openPalette: () => !readOnly && setPalette({ from: null }),
      help: () => setShortcutsOpen(true),
      escape: () => {
        if (palette) setPalette(null);
        else if (rightPanel) setRightPanel(null);
        else select([]);
      },
    },
    true,
  );

  const onMenu = (action: TopBarMenuAction) => {
    if (action === 'versions') setRightPanel({ kind: 'versions' });
    if (action === 'executions') setRightPanel({ kind: 'executions' });
    if (action === 'shortcuts') setShortcutsOpen(true);
    if (action === 'settings') setSettingsOpen(true);
    if (action === 'import') importInput.current?.click();
    if (action === 'export') {
      const link = document.createElement('a');
      link.href = flowApi.exportUrl(flowId);
      link.download = '';
      link.click();
    }
  };

  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const value = JSON.parse(await file.text()) as unknown;
      const asExport = FlowExport.safeParse(value);
      const asGraph = asExport.success ? null : FlowGraph.safeParse(value);
      const imported = asExport.success ? asExport.data.graph : asGraph?.success ? asGraph.data : null;
      if (!imported) throw new Error('This file is not a Flowmind flow export.');
      leaveReadOnly();
      commit(imported);
      select([]);
      setTimeout(() => void reactFlow.fitView({ duration: 300, padding: 0.25, maxZoom: 1 }), 50);
      alerts.success(`Imported ${imported.nodes.length} steps. Undo (Ctrl+Z) brings the old draft back.`);
    } catch (failure) {
      alerts.error(errorMessage(failure, 'Could not read the file'));
    }
  };

  const leaveReadOnly = () => {
    setViewingVersion(null);
    if (executionViewId) setParams({}, { replace: false });
  };

  const restoreVersion = (version: FlowVersion) => {
    // The draft takes the version's graph as an ordinary edit: it saves like any other and undo takes it back.
    leaveReadOnly();
    commit(version.graph);
    select([]);
    setRestoring(null);
    alerts.success(`Version ${version.version} restored into the draft`);
  };

  const publish = async (message: string) => {
    await flush();
    const published = await flowApi.publish({ flowId, message: message || undefined });
    setFlowData(published);
    void queryClient.invalidateQueries({ queryKey: flowVersionsKey(flowId) });
    alerts.success(`Published v${published.publishedVersion}`);
  };

  const publishBlockedBy =
    mode !== 'edit'
      ? 'Go back to the draft to publish'
      : issues.length > 0
        ? `Fix ${issues.length} issue${issues.length === 1 ? '' : 's'} first: ${[draft.nodes.find((node) => node.id === issues[0]?.nodeId)?.name, issues[0]?.message].filter(Boolean).join(': ')}`
        : flow.publishedVersion !== null && !flow.hasUnpublishedChanges && saver.status === 'saved'
          ? `No changes since v${flow.publishedVersion}`
          : null;

  const panelNode =
    rightPanel?.kind === 'node' ? (graph.nodes.find((node) => node.id === rightPanel.nodeId) ?? null) : null;

  const onNodeChange = (next: FlowNode) => {
    if (readOnly) return;
    // A new name goes through renameNode: unique, and expressions that read the step follow it.
    commit(
      (current) => {
        const before = current.nodes.find((node) => node.id === next.id);
        if (!before) return current;
        const updated = updateNode(current, { ...next, name: before.name });
        return next.name === before.name ? updated : renameNode(updated, next.id, next.name);
      },
      { coalesceKey: `node:${next.id}` },
    );
  };

  const firstIssueNode = issues.find((issue) => issue.nodeId)?.nodeId;

  return (
    <CanvasActionsContext.Provider value={actions}>
      <div className="flex h-dvh flex-col overflow-hidden bg-surface">
        <EditorTopBar
          flow={flow}
          saveStatus={saver.status}
          saveError={saver.error}
          onReload={() => void reload()}
          issueCount={mode === 'edit' ? issues.length : 0}
          onFocusIssue={() => {
            if (firstIssueNode) focusNode(firstIssueNode);
            else setPalette({ from: null, triggersOnly: true });
          }}
          running={runStarting || (mode === 'edit' && execution !== null && !runFinished)}
          onRun={() => void startRun()}
          publishBlockedBy={publishBlockedBy}
          onPublish={() => setPublishOpen(true)}
          onMenu={onMenu}
        />
        <input
          ref={importInput}
          type="file"
          accept="application/json,.json"
          className="hidden"
          aria-label="Import JSON file"
          onChange={(event) => void onImport(event)}
        />
        <div className="relative flex min-h-0 flex-1">
          <div ref={canvasBox} className="relative min-w-0 flex-1" data-testid="flow-canvas">
            <FlowCanvas
              graph={graph}
              history={history}
              readOnly={readOnly}
              selected={selected}
              onSelect={setSelected}
              issues={issuesByNode}
              runs={runs}
              renamingId={renamingId}
              onDropStep={(type, position) => {
                const info = stepType(type);
                if (info) addStep(info, { position });
              }}
              onOpenNode={openNode}
              onRename={(nodeId) => setRenamingId(nodeId)}
              onPaneClick={() => {
                // The canvas keeps the mouse-down to itself, so a note's text box would otherwise keep the keys.
                if (
                  document.activeElement instanceof HTMLElement &&
                  canvasBox.current?.contains(document.activeElement)
                )
                  document.activeElement.blur();
                setRightPanel((panel) => (panel?.kind === 'node' ? null : panel));
                setPalette(null);
              }}
            />
            {mode === 'edit' ? (
              <CanvasToolbar
                onAdd={() => setPalette({ from: null })}
                onNote={addSticky}
                onLayout={layout}
                onUndo={history.undo}
                onRedo={history.redo}
                canUndo={history.canUndo}
                canRedo={history.canRedo}
              />
            ) : (
              <ReadOnlyBanner
                mode={mode}
                version={viewingVersion}
                onBack={leaveReadOnly}
                onRestore={() => viewingVersion && setRestoring(viewingVersion)}
                onRerun={
                  execution
                    ? () =>
                        void flowApi
                          .rerunExecution({ executionId: execution.id })
                          .then((next) => setParams({ execution: next.id }))
                          .catch((failure) => alerts.error(errorMessage(failure, 'Could not re-run')))
                    : undefined
                }
              />
            )}
            {mode === 'edit' && draft.nodes.length === 0 && !palette && (
              <EmptyFlowPrompt onAdd={() => setPalette({ from: null, triggersOnly: true })} />
            )}
            {(followedId && (mode === 'execution' || runId)) || runStarting ? (
              <div className="pointer-events-none absolute inset-x-3 bottom-3 z-10 flex justify-center sm:bottom-4">
                <RunBar
                  execution={execution}
                  loading={runStarting}
                  error={
                    executionQuery.error && !execution
                      ? errorMessage(executionQuery.error, 'Could not load this execution')
                      : null
                  }
                  onCancel={
                    execution
                      ? () =>
                          void flowApi
                            .cancelExecution(execution.id)
                            .catch((failure) => alerts.error(errorMessage(failure, 'Could not cancel')))
                      : undefined
                  }
                  onOpen={mode === 'edit' && execution ? () => setParams({ execution: execution.id }) : undefined}
                  onDismiss={mode === 'edit' ? dismissRun : leaveReadOnly}
                  onFocusNode={focusNode}
                />
              </div>
            ) : null}
            {palette && (
              <StepPaletteOverlay
                palette={palette}
                phone={phone}
                draft={draft}
                onPick={(info) => addStep(info, { from: palette.from })}
                onClose={() => setPalette(null)}
              />
            )}
          </div>
          {rightPanel?.kind === 'node' && panelNode && (
            <StepSidePanel
              mode={mode}
              flow={flow}
              node={panelNode}
              graph={graph}
              readOnly={readOnly}
              issues={issuesByNode.get(panelNode.id) ?? []}
              runs={runs}
              execution={execution}
              lastRun={lastRun}
              onChange={onNodeChange}
              onTestStep={readOnly ? undefined : () => void startRun(panelNode.id)}
              onRerunFrom={(shown) =>
                void flowApi
                  .rerunExecution({ executionId: shown.id, fromNodeId: panelNode.id })
                  .then((next) => setParams({ execution: next.id }))
                  .catch((failure) => alerts.error(errorMessage(failure, 'Could not re-run')))
              }
              onClose={() => setRightPanel(null)}
            />
          )}
          {rightPanel?.kind === 'versions' && (
            <VersionHistory
              flowId={flowId}
              draft={draft}
              viewingId={viewingVersion?.id ?? null}
              onView={(version) => {
                if (executionViewId) setParams({});
                setViewingVersion(version);
                select([]);
                setTimeout(() => void reactFlow.fitView({ duration: 300, padding: 0.25, maxZoom: 1 }), 50);
              }}
              onRestore={setRestoring}
              onClose={() => {
                setRightPanel(null);
                setViewingVersion(null);
              }}
            />
          )}
          {rightPanel?.kind === 'executions' && (
            <ExecutionsList
              flowId={flowId}
              currentId={executionViewId}
              onOpen={(executionId) => {
                setViewingVersion(null);
                setParams({ execution: executionId });
                select([]);
                setTimeout(() => void reactFlow.fitView({ duration: 300, padding: 0.25, maxZoom: 1 }), 300);
              }}
              onClose={() => setRightPanel(null)}
            />
          )}
        </div>
      </div>
      <PublishDialog
        open={publishOpen}
        onOpenChange={setPublishOpen}
        nextVersion={(flow.publishedVersion ?? 0) + 1}
        onPublish={publish}
      />
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      <FlowSettingsDialog flow={flow} open={settingsOpen} onOpenChange={setSettingsOpen} />
      <ConfirmDialog
        open={pendingTrigger !== null}
        onOpenChange={(open) => !open && cancelReplaceTrigger()}
        title="Replace the trigger?"
        description={`A flow has one trigger. ${pendingTrigger?.info.label ?? 'The new trigger'} takes the place of the current one and keeps its connections.`}
        confirmLabel="Replace trigger"
        tone="default"
        onConfirm={confirmReplaceTrigger}
      />
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => !open && setRestoring(null)}
        title={`Restore version ${restoring?.version ?? ''}?`}
        description="The draft becomes a copy of this version. You can undo it (Ctrl+Z) while the editor is open."
        confirmLabel="Restore into draft"
        tone="default"
        onConfirm={() => restoring && restoreVersion(restoring)}
      />
    </CanvasActionsContext.Provider>
  );
}
