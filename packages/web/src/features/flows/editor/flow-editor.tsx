import { stepType, validateGraph } from '@flowmind/shared/flow-steps';
import type { Flow, FlowNode, FlowVersion } from '@flowmind/shared/flows';
import { useQueryClient } from '@tanstack/react-query';
import { useReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { useMediaQuery } from '../../../lib/use-media-query';
import { alerts } from '../../../shell/alert-store';
import { flowApi, flowVersionsKey } from '../flow-api';
import { CanvasToolbar, EmptyFlowPrompt, ReadOnlyBanner, ReplaceTriggerDialog } from './canvas-overlays';
import { CanvasActionsContext, useEditorCanvasActions } from './editor-context';
import { EditorTopBar, type TopBarMenuAction } from './editor-top-bar';
import { ExecutionsList } from './executions-list';
import { FlowCanvas } from './flow-canvas';
import { clipboardShortcuts } from './flow-clipboard';
import { groupIssues, publishBlockedReason } from './flow-issues';
import { FlowSettingsDialog } from './flow-settings-dialog';
import { applyNodeEdit, emptyGraph } from './graph-ops';
import { nodeRuns } from './node-runs';
import { PublishDialog } from './publish-dialog';
import { EditorRunBar } from './run-bar';
import { ShortcutsDialog } from './shortcuts-dialog';
import { type PaletteState, StepPaletteOverlay } from './step-palette-overlay';
import { StepSidePanel } from './step-side-panel';
import { useEditorRun } from './use-editor-run';
import { useEditorShortcuts } from './use-editor-shortcuts';
import { downloadFrom, useFlowImport } from './use-flow-import';
import { useGraphActions } from './use-graph-actions';
import { useRevealNode } from './use-reveal-node';
import { useSyncedDraft } from './use-synced-draft';
import { RestoreVersionDialog, VersionHistory } from './version-history';

type RightPanel = { kind: 'node'; nodeId: string } | { kind: 'versions' } | { kind: 'executions' } | null;

/** The editor of a loaded flow: canvas, panels, run bar and dialogs, inside a ReactFlowProvider. */
export function FlowEditor({ flow }: { flow: Flow }) {
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

  const commit = history.commit;
  const selectedNodeIds = useCallback(
    () => graphRef.current.nodes.filter((node) => selected.has(node.id)).map((node) => node.id),
    [selected],
  );

  const select = useCallback((ids: string[]) => setSelected(new Set(ids)), []);

  const revealNode = useRevealNode(graphRef, canvasBox);
  /** Fits the whole graph in view once a new one (a version, an execution, an import) is drawn. */
  const fitViewSoon = (delayMs: number) =>
    setTimeout(() => void reactFlow.fitView({ duration: 300, padding: 0.25, maxZoom: 1 }), delayMs);

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

  const actions = useEditorCanvasActions({
    flow,
    readOnly,
    graphRef,
    commit,
    setRenamingId,
    setPalette,
    toggleDisabled,
    duplicate,
    startRun,
    saveDraft: flush,
  });

  useEditorShortcuts(
    {
      undo: () => !readOnly && history.undo(),
      redo: () => !readOnly && history.redo(),
      selectAll: () => select([...graph.nodes.map((n) => n.id), ...graph.stickies.map((s) => s.id)]),
      ...clipboardShortcuts({ currentFragment, paste }),
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
    if (action === 'import') fileImport.choose();
    if (action === 'export') downloadFrom(flowApi.exportUrl(flowId));
  };

  const leaveReadOnly = () => {
    setViewingVersion(null);
    if (executionViewId) setParams({}, { replace: false });
  };

  const fileImport = useFlowImport((imported) => {
    leaveReadOnly();
    commit(imported);
    select([]);
    fitViewSoon(50);
  });

  /** Runs an execution again (from one step on), and shows the new one. */
  const rerun = (executionId: string, fromNodeId?: string) =>
    void flowApi
      .rerunExecution({ executionId, ...(fromNodeId ? { fromNodeId } : {}) })
      .then((next) => setParams({ execution: next.id }))
      .catch((failure) => alerts.error(errorMessage(failure, 'Could not re-run')));

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

  const publishBlockedBy = publishBlockedReason({ mode, issues, draft, flow, saveStatus: saver.status });

  const panelNode =
    rightPanel?.kind === 'node' ? (graph.nodes.find((node) => node.id === rightPanel.nodeId) ?? null) : null;

  const onNodeChange = (next: FlowNode) => {
    if (readOnly) return;
    commit((current) => applyNodeEdit(current, next), { coalesceKey: `node:${next.id}` });
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
          ref={fileImport.input}
          type="file"
          accept="application/json,.json"
          className="hidden"
          aria-label="Import JSON file"
          onChange={(event) => void fileImport.onChange(event)}
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
                onRerun={execution ? () => rerun(execution.id) : undefined}
              />
            )}
            {mode === 'edit' && draft.nodes.length === 0 && !palette && (
              <EmptyFlowPrompt onAdd={() => setPalette({ from: null, triggersOnly: true })} />
            )}
            {(followedId && (mode === 'execution' || runId)) || runStarting ? (
              <EditorRunBar
                execution={execution}
                loading={runStarting}
                loadError={executionQuery.error}
                onOpen={mode === 'edit' && execution ? () => setParams({ execution: execution.id }) : undefined}
                onDismiss={mode === 'edit' ? dismissRun : leaveReadOnly}
                onFocusNode={focusNode}
              />
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
              onRerunFrom={(shown) => rerun(shown.id, panelNode.id)}
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
                fitViewSoon(50);
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
                fitViewSoon(300);
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
      <ReplaceTriggerDialog
        pending={pendingTrigger?.info ?? null}
        onCancel={cancelReplaceTrigger}
        onConfirm={confirmReplaceTrigger}
      />
      <RestoreVersionDialog version={restoring} onCancel={() => setRestoring(null)} onConfirm={restoreVersion} />
    </CanvasActionsContext.Provider>
  );
}
