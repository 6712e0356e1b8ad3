import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

describe('the flowmind process', () => {
  it('starts on the embedded database, answers health, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flowmind-main-'));
    const port = 3400 + Math.floor(Math.random() * 500);
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        FLOWMIND_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let health: unknown = null;
      for (let i = 0; i < 120 && child.exitCode === null; i++) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`);
          if (res.ok) {
            health = await res.json();
            break;
          }
        } catch {}
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(health, output).toMatchObject({ ok: true, database: 'pglite' });
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
