// Cold start of the server process until /api/health answers: the compiled server (`npm start`,
// packages/server/dist) next to the TypeScript source through tsx, each on an embedded database
// made by a first start and then reused, as a restarted server would find it.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuTimeMs, percentile } from './support';

const root = new URL('..', import.meta.url).pathname;

const modes = {
  compiled: ['--enable-source-maps', 'packages/server/dist/main.js'],
  'source (tsx)': ['--import', 'tsx', 'packages/server/src/main.ts'],
};

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Milliseconds from spawning the process to its first healthy answer, and the CPU time it used
 * until then (all threads): on a busy machine the CPU time says more than the wall clock.
 */
async function startOnce(args: string[], dataDir: string): Promise<{ ms: number; cpu: number }> {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      FLOWMIND_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error('server exited during start');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
          const cpu = cpuTimeMs(server.pid as number);
          return { ms: performance.now() - started, cpu: cpu.main + cpu.others };
        }
      } catch {}
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

export async function measureColdStart(runs = Number(process.env.BENCH_COLD_STARTS ?? 3)) {
  if (!existsSync(join(root, 'packages/server/dist/main.js'))) throw new Error('Build the server first: npm run build');
  console.log(
    `\nCold start to /api/health (embedded PostgreSQL), first start on a new data folder, then ${runs} restarts`,
  );
  for (const [mode, args] of Object.entries(modes)) {
    const folder = mkdtempSync(join(tmpdir(), 'flowmind-cold-'));
    // As root the embedded PostgreSQL runs as the postgres user, who must be able to enter it.
    chmodSync(folder, 0o755);
    const dataDir = join(folder, 'data');
    try {
      const first = await startOnce(args, dataDir);
      const restarts: { ms: number; cpu: number }[] = [];
      for (let i = 0; i < runs; i++) restarts.push(await startOnce(args, dataDir));
      const seconds = (ms: number) => (ms / 1000).toFixed(2);
      console.log(
        `  ${mode.padEnd(13)} first ${seconds(first.ms)} s (CPU ${seconds(first.cpu)} s), restarts median ${seconds(
          percentile(
            restarts.map((r) => r.ms),
            50,
          ),
        )} s (CPU ${seconds(
          percentile(
            restarts.map((r) => r.cpu),
            50,
          ),
        )} s; ${restarts.map((r) => seconds(r.ms)).join(', ')})`,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  console.log('  aim: a restart of the compiled server answers within 5 s');
}

if (import.meta.url === `file://${process.argv[1]}`) await measureColdStart();
