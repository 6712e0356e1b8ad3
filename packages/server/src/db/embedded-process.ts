import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The embedded server's postmaster seen from outside: whether it runs, and stopping one a killed run left. */

/** The postmaster of a server already running on `clusterDir`, with the socket folder it listens in. */
export function running(clusterDir: string): { pid: number; socketDir: string } | null {
  const file = join(clusterDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  let lines: string[];
  try {
    lines = readFileSync(file, 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  // Line 5: the first socket folder; line 8: "ready" once it takes connections.
  const socketDir = lines[4]?.trim();
  if (!pid || !socketDir || !processAlive(pid)) return null;
  return { pid, socketDir };
}

/** Whether a process runs (EPERM: it does, as another user, such as the postgres user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The postmaster process id recorded in a Flowmind data folder's cluster, if any. */
export function postmasterPid(dataDir: string): number | null {
  try {
    return Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
  } catch {
    return null;
  }
}

/**
 * Stops the embedded server a killed run left on `dataDir` (immediate shutdown: the folder is
 * about to be thrown away). Resolves once it has had a moment to go.
 */
export async function stopLeftoverPostgres(dataDir: string): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (!pid || !processAlive(pid)) return;
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    return; // Gone meanwhile, or another user's.
  }
  for (let i = 0; i < 20 && processAlive(pid); i++) await new Promise((done) => setTimeout(done, 50));
}
