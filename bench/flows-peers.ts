// Flowmind next to Node-RED on the same work, with the same load generator, in one run: the harness in
// ../shared/bench-peers (or BENCH_PEERS_DIR) installs Node-RED and autocannon into PEERS_DIR, and its load.sh
// measures any server: POST {"a":2,"b":3} → {"sum":5}, 10 s at 10 and at 50 connections. Flowmind gets the
// same work (webhook → set `sum` → respond, every execution saved). Prints both and the ratios; asserts nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { signUpOnBenchServer, startBenchServer } from './support';

const harness = process.env.BENCH_PEERS_DIR ?? resolve(import.meta.dirname ?? '.', '../../shared/bench-peers');
if (!existsSync(join(harness, 'load.sh'))) {
  console.log(`\n(no side-by-side harness at ${harness}: Node-RED not measured)`);
  process.exit(0);
}

type Run = { connections: number; rps: number; line: string };

/** load.sh's figures: one line per connection count ("c=10  1234 req/s  p50 …"). */
function load(url: string, pid: number, label: string): Run[] {
  const out = spawnSync('bash', [join(harness, 'load.sh'), url, String(pid), label], { encoding: 'utf8' });
  process.stdout.write(out.stdout);
  return [...out.stdout.matchAll(/^c=(\d+)\s+(\d+) req\/s.*$/gm)].map((m) => ({
    connections: Number(m[1]),
    rps: Number(m[2]),
    line: m[0],
  }));
}

console.log('\nSide by side with Node-RED (same machine, same load generator: autocannon)');
execFileSync('bash', [join(harness, 'setup.sh')], { stdio: 'inherit' });
const noderedPort = Number(process.env.BENCH_NODERED_PORT ?? 3195);
const noderedPid = Number(
  execFileSync('bash', [join(harness, 'start-nodered.sh')], {
    encoding: 'utf8',
    env: { ...process.env, PORT: String(noderedPort) },
  }).trim(),
);
let nodered: Run[] = [];
try {
  nodered = load(`http://127.0.0.1:${noderedPort}/bench`, noderedPid, 'Node-RED 5.0.7 (saves nothing)');
} finally {
  process.kill(noderedPid, 'SIGTERM');
}

const server = await startBenchServer({ port: 3196, mailPort: 3197 });
let flowmind: Run[] = [];
try {
  const { headers } = await signUpOnBenchServer(server.base, server.mailPort);
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const me = await api('GET', '/api/me');
  const graph = {
    nodes: [
      {
        id: 'hook',
        type: 'trigger.webhook',
        name: 'Webhook',
        position: { x: 0, y: 0 },
        params: { respond: 'respond_step', method: 'POST' },
      },
      {
        id: 'sum',
        type: 'set',
        name: 'Sum',
        position: { x: 300, y: 0 },
        params: { keepOnlySet: true, assignments: [{ name: 'sum', value: '{{ $json.body.a + $json.body.b }}' }] },
      },
      {
        id: 'respond',
        type: 'webhook.respond',
        name: 'Respond',
        position: { x: 600, y: 0 },
        params: { bodyType: 'first_item' },
      },
    ],
    edges: [
      { id: 'e1', source: 'hook', target: 'sum' },
      { id: 'e2', source: 'sum', target: 'respond' },
    ],
  };
  const flow = await api('POST', '/api/flows', { accountId: me.personal_account_id, name: 'Sum', graph });
  const published = await api('POST', `/api/flows/${flow.id}/publish`, {});
  const url = `${server.base.replace('localhost', '127.0.0.1')}/api/hooks/${published.webhook_id}`;
  flowmind = load(url, server.pid, 'Flowmind (every execution saved, embedded database)');
} finally {
  server.stop();
}

for (const run of flowmind) {
  const peer = nodered.find((other) => other.connections === run.connections);
  if (!peer) continue;
  console.log(
    `  ${run.connections} connections: Flowmind ${run.rps} req/s = ${(run.rps / peer.rps).toFixed(2)}× Node-RED's ${peer.rps}`,
  );
}
