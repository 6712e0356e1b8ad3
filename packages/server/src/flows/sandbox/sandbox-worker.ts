import { parentPort, workerData } from 'node:worker_threads';
import { addToScope, createExpressionVm, type ExpressionVm, type SessionScope } from './expression-vm';
import { instanceSlot } from './quickjs-instance';
import { CodeError, runCodeIn } from './run-code';
import type { CodeRequest, ExpressionRequest, WorkerReply, WorkerRequest, WorkerSetup } from './worker-protocol';

/**
 * A sandbox worker thread: runs code steps and expressions in QuickJS, one request at a time, away
 * from the thread that serves HTTP. The host kills the thread when a request overruns its
 * deadline, so nothing here has to survive that.
 */

const port = parentPort;
if (!port) throw new Error('sandbox-worker runs as a worker thread');
const setup = workerData as WorkerSetup;
const limits = { memoryLimitBytes: setup.memoryLimitBytes, stackSizeBytes: setup.stackSizeBytes };
const codeInstance = instanceSlot(setup.memoryLimitBytes);
const expressionInstance = instanceSlot(setup.memoryLimitBytes);
const sessions = new Map<number, { scope: SessionScope; vm?: ExpressionVm }>();

const reply = (message: WorkerReply) => port.postMessage(message);

async function runCode(request: CodeRequest): Promise<void> {
  const started = performance.now();
  const { id } = request;
  try {
    const instance = await codeInstance();
    const items = runCodeIn(instance, limits, {
      ...request,
      log: (level, message) => reply({ type: 'log', id, level, message }),
    });
    reply({ type: 'code-done', id, ms: performance.now() - started, ok: true, items });
  } catch (error) {
    const message =
      error instanceof CodeError ? error.message : `Code step failed: the sandbox stopped (${errorText(error)})`;
    reply({ type: 'code-done', id, ms: performance.now() - started, ok: false, message });
  }
}

async function evaluate(request: ExpressionRequest): Promise<void> {
  const started = performance.now();
  const { id } = request;
  let session = sessions.get(request.session);
  if (!session) {
    session = { scope: { roots: {}, nodes: {}, names: [] } };
    sessions.set(request.session, session);
  }
  addToScope(session.scope, request.part);
  try {
    if (!session.vm || session.vm.instance.broken) {
      session.vm = createExpressionVm(
        await expressionInstance(),
        { ...limits, timeoutMs: request.timeoutMs },
        session.scope,
      );
    }
    const outcome = session.vm.evaluate(request.code);
    reply({ type: 'expression-done', id, ms: performance.now() - started, ...outcome });
  } catch (error) {
    const reason = `the sandbox stopped (${errorText(error)})`;
    reply({ type: 'expression-done', id, ms: performance.now() - started, ok: false, reason });
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Requests are taken one at a time, in order, even though loading an instance awaits.
let turn: Promise<void> = Promise.resolve();
port.on('message', (request: WorkerRequest) => {
  turn = turn.then(async () => {
    if (request.type === 'code') await runCode(request);
    else if (request.type === 'expression') await evaluate(request);
    else {
      sessions.get(request.session)?.vm?.dispose();
      sessions.delete(request.session);
    }
  });
});

// The QuickJS instances are made before the first request, so it does not pay for them.
await Promise.all([codeInstance(), expressionInstance()]);
reply({ type: 'ready' });
