import type { PinnedOutput, TestListenResult } from '@flowmind/shared/flow-test-data';
import type { FlowNode } from '@flowmind/shared/flows';
import { INTEGRATION_PROVIDERS, type IntegrationProviderId } from '@flowmind/shared/integrations';
import { integrationTriggerOf } from '@flowmind/shared/integrations/define-integration';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2, Pin, Radio, X } from 'lucide-react';
import { useContext, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { CanvasActionsContext } from '../editor/editor-context';
import { JsonView } from '../node-panel/item-views';
import { pinsKey, testDataApi, usePinActions, usePins } from './test-data-api';

type State =
  | { kind: 'idle' }
  | { kind: 'listening' }
  | { kind: 'received' }
  | { kind: 'ended'; message: string; failed: boolean };

/** The words for each kind of trigger that listens: a webhook's call, an email, an integration's event. */
function wordsFor(node: FlowNode) {
  const named = integrationTriggerOf(node.type);
  if (named) {
    const service = INTEGRATION_PROVIDERS[named.provider as IntegrationProviderId]?.label ?? 'the service';
    return {
      what: 'test event',
      listen: 'Listen for a test event',
      waiting: `Waiting for a test event. Make one happen in ${service} now (up to 2 minutes).`,
      received: 'Test event received.',
      none: `No test data yet. Listen, then make the event happen in ${service}: the first new one is kept as this trigger’s test data for runs from the editor.`,
    };
  }
  const email = node.type === 'trigger.email';
  return {
    what: email ? 'test email' : 'test call',
    listen: email ? 'Listen for a test email' : 'Listen for a test call',
    waiting: email
      ? 'Waiting for a test email. Send one to the test address now (up to 2 minutes).'
      : 'Waiting for a test call. Call the test URL now (up to 2 minutes).',
    received: email ? 'Test email received.' : 'Test call received.',
    none: `No test data yet. Listen, then ${email ? 'send an email to the test address' : 'call the test URL'}: what arrives is kept as this trigger’s test data for runs from the editor.`,
  };
}

/**
 * "Listen for a test call": the trigger waits for one call to its test URL (or one email to its test
 * address, or a new event at its service), which becomes its pinned test data; the data pinned now
 * is shown below, with Unpin.
 */
export function TestListen({ node, flowId, readOnly }: { node: FlowNode; flowId: string; readOnly?: boolean }) {
  const words = wordsFor(node);
  const webhook = node.type === 'trigger.webhook';
  const [state, setState] = useState<State>({ kind: 'idle' });
  const listening = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const { pins } = usePins(flowId);
  const { unpin } = usePinActions(flowId);
  const pinned = pins.get(node.id);
  const editor = useContext(CanvasActionsContext);

  // Closing the panel stops listening (the server ends the listen with the request).
  useEffect(() => () => listening.current?.abort(), []);

  async function listen() {
    const controller = new AbortController();
    listening.current = controller;
    setState({ kind: 'listening' });
    let result: TestListenResult;
    try {
      // The server listens with the saved draft: a connection chosen a moment ago must be in it.
      await editor?.saveDraft();
      if (controller.signal.aborted) return;
      result = await testDataApi.listen({ flowId, nodeId: node.id, signal: controller.signal });
    } catch (failure) {
      if (controller.signal.aborted) return;
      setState({ kind: 'ended', message: errorMessage(failure, `Could not listen for a ${words.what}`), failed: true });
      return;
    } finally {
      if (listening.current === controller) listening.current = null;
    }
    if (result.received) {
      queryClient.setQueryData<PinnedOutput[]>(pinsKey(flowId), (current = []) => [
        ...current.filter((pin) => pin.nodeId !== node.id),
        result.pin,
      ]);
      setState({ kind: 'received' });
    } else setState({ kind: 'ended', message: result.message, failed: result.reason !== 'cancelled' });
  }

  function cancel() {
    listening.current?.abort();
    listening.current = null;
    setState({ kind: 'idle' });
  }

  return (
    <section aria-label="Test data" className="grid gap-2.5 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-1.5 font-medium text-[13px]">
          Test data
          {pinned && (
            <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-1.5 py-0.5 font-medium text-[11px] text-primary-soft-foreground">
              <Pin className="size-3" aria-hidden="true" /> Pinned
            </span>
          )}
        </h3>
        {state.kind === 'listening' ? (
          <Button variant="outline" size="sm" onClick={cancel}>
            <X aria-hidden="true" /> Cancel
          </Button>
        ) : (
          <Button variant={pinned ? 'outline' : 'primary'} size="sm" disabled={readOnly} onClick={() => void listen()}>
            <Radio aria-hidden="true" /> {words.listen}
          </Button>
        )}
      </div>
      {state.kind === 'listening' && (
        <p role="status" className="flex items-start gap-2 text-[13px] text-muted-foreground">
          <Loader2 className="mt-0.5 size-3.5 shrink-0 animate-spin text-primary" aria-hidden="true" />
          {words.waiting}
        </p>
      )}
      {state.kind === 'received' && (
        <p role="status" className="flex items-start gap-2 text-[13px] text-success">
          <CheckCircle2 className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {words.received} It is pinned as this trigger’s test data: Run uses it.
        </p>
      )}
      {state.kind === 'ended' && (
        <p role="alert" className={state.failed ? 'text-[13px] text-destructive' : 'text-[13px] text-muted-foreground'}>
          {state.message}
        </p>
      )}
      {pinned ? (
        <div className="grid gap-2">
          <PinnedTriggerData items={pinned.output.main ?? Object.values(pinned.output)[0] ?? []} webhook={webhook} />
          <div className="flex items-center justify-between gap-2 text-[12px] text-muted-foreground">
            <span>
              {pinned.source === 'step' ? 'Pinned' : `From a ${words.what}`},{' '}
              {new Date(pinned.pinnedAt).toLocaleString()}
            </span>
            {!readOnly && (
              <Button
                variant="ghost"
                size="sm"
                disabled={unpin.isPending}
                onClick={() => unpin.mutate({ nodeId: node.id })}
              >
                Unpin
              </Button>
            )}
          </div>
        </div>
      ) : (
        state.kind !== 'listening' && <p className="text-[12px] text-muted-foreground">{words.none}</p>
      )}
    </section>
  );
}

/** A caught call as its method and path over its body; other data (an email) as it is. */
function PinnedTriggerData({ items, webhook }: { items: Record<string, unknown>[]; webhook: boolean }) {
  const first = items[0];
  const call = webhook && first && typeof first.method === 'string' ? first : null;
  if (!call)
    return (
      <div className="max-h-72 overflow-auto rounded-md border bg-surface">
        <JsonView value={items.length === 1 ? first : items} />
      </div>
    );
  const query = new URLSearchParams(
    Object.entries((call.query as Record<string, unknown> | undefined) ?? {}).map(([key, value]) => [
      key,
      String(value),
    ]),
  ).toString();
  return (
    <div className="grid gap-1.5">
      <p className="truncate font-mono text-[12px]">
        <span className="font-semibold text-primary">{String(call.method)}</span> {String(call.path ?? '/')}
        {query && <span className="text-muted-foreground">?{query}</span>}
      </p>
      <div className="max-h-72 overflow-auto rounded-md border bg-surface">
        <JsonView value={call.body ?? null} />
      </div>
    </div>
  );
}
