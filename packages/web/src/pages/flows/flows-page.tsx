import type { Flow } from '@flowmind/shared/flows';
import { FlowName } from '@flowmind/shared/flows';
import { History, Plus, Trash2, Workflow } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ActionToasts } from '../../components/ui/action-toasts';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { NameDialog } from '../../components/ui/name-dialog';
import { useActiveAccount } from '../../features/accounts/use-active-account';
import { ExecutionsTab } from '../../features/flows/executions/executions-tab';
import { flowApi } from '../../features/flows/flow-api';
import { CreateFlowDialog } from '../../features/flows/list/create-flow-dialog';
import { downloadJson } from '../../features/flows/list/download-file';
import { flowFileName } from '../../features/flows/list/flow-file';
import { type FlowRowActions, FlowsList, FlowsListSkeleton } from '../../features/flows/list/flows-list';
import { type FlowsTab, FlowsTabs } from '../../features/flows/list/flows-tabs';
import { useFlows, useRefreshFlows, useTrashedFlows } from '../../features/flows/list/use-flows';
import { DeleteForeverDialog } from '../../features/lists/delete-forever-dialog';
import { ListSearch } from '../../features/lists/list-search';
import { ListStates } from '../../features/lists/list-states';
import { useTrashableList } from '../../features/lists/use-trashable-list';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { alerts } from '../../shell/alert-store';

type Tab = 'flows' | 'executions' | 'trash';
const TABS: readonly FlowsTab<Tab>[] = [
  { value: 'flows', label: 'Flows', icon: Workflow },
  { value: 'executions', label: 'Executions', icon: History },
  { value: 'trash', label: 'Trash', icon: Trash2 },
];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value);

type Dialog = { kind: 'create' } | { kind: 'rename'; flow: Flow } | { kind: 'forever'; flow: Flow } | null;

const flowMatches = (flow: Flow, needle: string) =>
  flow.name.toLowerCase().includes(needle) || flow.description.toLowerCase().includes(needle);

export function FlowsPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  usePageHeader({
    title: 'Flows',
    description: 'Automate your work with triggers and steps',
    buttonText: 'New flow',
    buttonAction: () => setDialog({ kind: 'create' }),
  });
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'flows';
  const setTab = (next: Tab) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'flows') updated.delete('tab');
      else updated.set('tab', next);
      return updated;
    });

  const { account, isLoading: accountLoading } = useActiveAccount();
  const accountId = account?.id ?? null;
  const flows = useFlows(accountId);
  const trashed = useTrashedFlows(accountId, { enabled: tab === 'trash' });
  const refresh = useRefreshFlows(accountId);
  const inTrash = tab === 'trash';
  const list = useTrashableList({
    live: flows,
    trashed,
    inTrash,
    accountLoading,
    matches: flowMatches,
    refresh,
    api: flowApi,
  });
  const { run } = list;

  const actions: FlowRowActions = {
    open: (flow) => navigate(`/flows/${flow.id}`),
    rename: (flow) => setDialog({ kind: 'rename', flow }),
    duplicate: (flow) =>
      run(async () => {
        const copy = await flowApi.duplicate(flow.id);
        alerts.success(`"${copy.name}" created`);
      }),
    exportFile: (flow) =>
      run(async () => {
        const file = await flowApi.exportFile(flow.id);
        downloadJson({ data: file, fileName: flowFileName(file.name) });
      }),
    trash: list.moveToTrash,
    restore: list.restore,
    removeForever: (flow) => setDialog({ kind: 'forever', flow }),
    changed: refresh,
  };

  return (
    <div className="grid max-w-6xl gap-4 pb-16 lg:pb-0">
      <FlowsTabs tabs={TABS} value={tab} onChange={setTab} idPrefix="flows" />

      <div role="tabpanel" id={`flows-panel-${tab}`} aria-labelledby={`flows-tab-${tab}`} className="grid gap-4">
        {tab === 'executions' ? (
          <ExecutionsTab accountId={accountId} flows={flows.data ?? []} />
        ) : (
          <>
            <ListSearch list={list} label={inTrash ? 'Search the trash' : 'Search flows'} className="sm:max-w-sm" />
            <ListStates
              list={list}
              noun="flows"
              inTrash={inTrash}
              skeleton={<FlowsListSkeleton />}
              trashDescription="Flows you delete wait here until you restore them. Their triggers stay off meanwhile."
              empty={
                <EmptyState
                  icon={Workflow}
                  title="Create your first flow"
                  description="A flow starts from a trigger — a webhook, a schedule, an email, a table change — and runs its steps one after another: call APIs, transform data, ask AI, write to tables."
                >
                  <Button onClick={() => setDialog({ kind: 'create' })}>
                    <Plus aria-hidden="true" />
                    New flow
                  </Button>
                </EmptyState>
              }
            >
              <FlowsList flows={list.visible} inTrash={inTrash} actions={actions} />
            </ListStates>
          </>
        )}
      </div>

      <CreateFlowDialog
        open={dialog?.kind === 'create'}
        onOpenChange={(open) => !open && setDialog(null)}
        accountId={accountId}
        onCreated={(flow) => {
          refresh();
          navigate(`/flows/${flow.id}`);
        }}
      />
      <NameDialog
        title="Rename flow"
        submitLabel="Save"
        schema={FlowName}
        open={dialog?.kind === 'rename'}
        onOpenChange={(open) => !open && setDialog(null)}
        initialName={dialog?.kind === 'rename' ? dialog.flow.name : ''}
        onSubmit={async (name) => {
          if (dialog?.kind !== 'rename') return;
          await flowApi.rename({ flowId: dialog.flow.id, name });
          refresh();
        }}
      />
      <DeleteForeverDialog
        item={dialog?.kind === 'forever' ? dialog.flow : null}
        describe={(flow) => `"${flow.name}", its versions and its executions will be deleted. This cannot be undone.`}
        onClose={() => setDialog(null)}
        onDelete={list.removeForever}
      />
      <ActionToasts />
    </div>
  );
}
