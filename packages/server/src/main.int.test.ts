import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postmasterPid, processAlive, stopLeftoverPostgres } from './db/embedded-process';
import { freePort } from './test/wait';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

/** `flowmind` from source on its own embedded database in `dataDir`, and what it prints. */
async function start(dataDir: string, role = 'all') {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', main, role], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      FLOWMIND_DATA_DIR: dataDir,
      FLOWMIND_WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { child, port, output: '' };
  child.stdout?.on('data', (d) => {
    run.output += d;
  });
  child.stderr?.on('data', (d) => {
    run.output += d;
  });
  return run;
}

async function health(run: { child: ChildProcess; port: number; output: string }): Promise<unknown> {
  for (let i = 0; i < 240 && run.child.exitCode === null; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${run.port}/api/health`);
      if (res.ok) return await res.json();
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  return null;
}

async function printed(run: { child: ChildProcess; output: string }, text: string) {
  for (let i = 0; i < 240 && run.child.exitCode === null && !run.output.includes(text); i++) {
    await new Promise((r) => setTimeout(r, 250));
  }
  return run.output.includes(text);
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** Whether the server that ran on a data folder still runs. */
const alive = (pid: number | null) => pid !== null && processAlive(pid);

const folders: string[] = [];
function dataFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'flowmind-main-'));
  // As root the database runs as the postgres user, who must be able to enter it.
  chmodSync(folder, 0o755);
  folders.push(folder);
  return join(folder, 'data');
}
afterAll(async () => {
  for (const folder of folders) {
    await stopLeftoverPostgres(join(folder, 'data'));
    rmSync(folder, { recursive: true, force: true });
  }
});

describe('the flowmind process', () => {
  it('starts its embedded PostgreSQL in the data folder, answers health, and stops both cleanly on SIGTERM', async () => {
    const dataDir = dataFolder();
    const run = await start(dataDir);
    try {
      expect(await health(run), run.output).toMatchObject({ ok: true, database: 'embedded' });
      expect(run.output).toContain('Created the embedded PostgreSQL cluster');
      expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(dataDir, 'postgres-password'))).toBe(true);
      expect(existsSync(join(dataDir, 'secret'))).toBe(true);
      const pid = postmasterPid(dataDir);
      expect(alive(pid)).toBe(true);

      // The backup command the README gives reaches it: a wire client on the socket, with the password.
      const client = new pg.Client({
        host: join(dataDir, 'postgres'),
        user: 'postgres',
        password: readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim(),
        database: 'flowmind',
      });
      await client.connect();
      const users = await client.query('select count(*)::int as n from users');
      expect(users.rows[0].n).toBe(0);
      await client.end();

      run.child.kill('SIGTERM');
      expect(await exited(run.child), run.output).toBe(0);
      expect(alive(pid), 'PostgreSQL stopped with the app').toBe(false);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 120_000);

  it('after a SIGKILL, the next start uses the database still running; api and worker share one', async () => {
    const dataDir = dataFolder();
    const first = await start(dataDir);
    expect(await health(first), first.output).toMatchObject({ ok: true });
    const pid = postmasterPid(dataDir);
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(alive(pid)).toBe(true);

    const api = await start(dataDir, 'api');
    const worker = await start(dataDir, 'worker');
    try {
      expect(await health(api), api.output).toMatchObject({ ok: true, database: 'embedded' });
      expect(await printed(worker, 'database ready'), worker.output).toBe(true);
      expect(api.output + worker.output).toContain(`already running on`);
      expect(postmasterPid(dataDir)).toBe(pid);
      // The api stops first: the worker still uses the database, so it keeps running.
      api.child.kill('SIGTERM');
      expect(await exited(api.child), api.output).toBe(0);
      expect(api.output).toContain('another Flowmind process uses it');
      expect(alive(pid)).toBe(true);
      // The last one out stops it.
      worker.child.kill('SIGTERM');
      expect(await exited(worker.child), worker.output).toBe(0);
      expect(alive(pid)).toBe(false);
    } finally {
      for (const run of [api, worker]) if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 180_000);

  it.runIf(process.getuid?.() === 0)(
    'as root, with a data folder the postgres user cannot reach (as under /root), keeps the cluster elsewhere and says so',
    async () => {
      // mkdtemp makes a folder closed to others (mode 700), as /root is.
      const closed = mkdtempSync(join(tmpdir(), 'flowmind-closed-'));
      folders.push(closed);
      const dataDir = join(closed, 'data');
      const run = await start(dataDir);
      try {
        expect(await health(run), run.output).toMatchObject({ ok: true, database: 'embedded' });
        expect(run.output).toContain('cannot reach');
        const cluster = realpathSync(join(dataDir, 'postgres'));
        expect(cluster).toMatch(/^\/var\/lib\/flowmind\//);
        run.child.kill('SIGTERM');
        expect(await exited(run.child), run.output).toBe(0);
        rmSync(dirname(cluster), { recursive: true, force: true });
      } finally {
        if (run.child.exitCode === null) run.child.kill('SIGKILL');
      }
    },
    120_000,
  );
});
