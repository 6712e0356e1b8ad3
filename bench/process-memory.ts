import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';

/** Memory of a process tree from /proc: PSS summed over the processes, as the memory bench counts it. */

const MiB = 1024 * 1024;

export type ProcessMemory = { pid: number; name: string; pss: number; rss: number; anon: number; threads: number };

/** PSS, RSS and anonymous PSS of one process (all its threads), in bytes; null once it is gone. */
function processMemory(pid: number): ProcessMemory | null {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) * 1024;
    const name = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    const threads = readdirSync(`/proc/${pid}/task`).length;
    return { pid, name, pss: field('Pss'), rss: field('Rss'), anon: field('Pss_Anon'), threads };
  } catch {
    return null;
  }
}

/** `pid` and all its descendants. */
export function processTree(pid: number): number[] {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    const parent = found[i] as number;
    for (const tid of safeReaddir(`/proc/${parent}/task`)) {
      let children = '';
      try {
        children = readFileSync(`/proc/${parent}/task/${tid}/children`, 'utf8');
      } catch {}
      for (const child of children.split(' ').filter(Boolean)) found.push(Number(child));
    }
  }
  return found;
}

function safeReaddir(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

export type Reading = { app: ProcessMemory[]; database: ProcessMemory[]; total: number };

export async function readMemory(
  serverPid: number,
  db: { pids(): Promise<number[]> },
  counted: boolean,
): Promise<Reading> {
  const app = processTree(serverPid)
    .map(processMemory)
    .filter((m): m is ProcessMemory => m !== null);
  // A database the server starts itself is in its process tree already: counted once, with the app.
  const database = (await db.pids())
    .filter((dbPid) => !app.some((m) => m.pid === dbPid))
    .map(processMemory)
    .filter((m): m is ProcessMemory => m !== null);
  const sum = (list: ProcessMemory[]) => list.reduce((total, m) => total + m.pss, 0);
  return { app, database, total: sum(app) + (counted ? sum(database) : 0) };
}

export const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

export function reportMemory(reading: Reading, counted: boolean, target: number, title: string) {
  const verdict = reading.total / MiB <= target ? 'within' : 'OVER';
  console.log(`\n${title}: ${mib(reading.total)} PSS (target ≤ ${target} MiB: ${verdict})`);
  for (const m of reading.app)
    console.log(
      `  app      pid ${m.pid} ${m.name.padEnd(16)} PSS ${mib(m.pss).padStart(10)}  (anonymous ${mib(m.anon)}, RSS ${mib(m.rss)}, ${m.threads} threads)`,
    );
  const dbTotal = reading.database.reduce((total, m) => total + m.pss, 0);
  console.log(
    `  database ${reading.database.length} process(es)${' '.repeat(13)} PSS ${mib(dbTotal).padStart(10)}  ${counted ? '(counted)' : '(not counted: a shared server)'}`,
  );
}

type ProbeReport = {
  memoryUsage: NodeJS.MemoryUsage;
  heapSpaces: { space_name: string; space_used_size: number; space_size: number }[];
  code: { code_and_metadata_size: number; bytecode_and_metadata_size: number; external_script_source_size: number };
};

/**
 * The server's own view of its memory (main thread's V8 heap, buffers), read through a small
 * module it preloads (bench/memory-probe.mjs), which answers SIGUSR2 by writing a file.
 */
export async function probe(server: ChildProcess, file: string): Promise<ProbeReport | null> {
  rmSync(file, { force: true });
  server.kill('SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as ProbeReport;
    } catch {}
  }
  return null;
}

export function describeProbe(report: ProbeReport | null) {
  if (!report) return;
  const { memoryUsage: m, heapSpaces, code } = report;
  const spaces = heapSpaces
    .filter((s) => s.space_size > MiB / 2)
    .map((s) => `${s.space_name.replace(/_space$/, '')} ${mib(s.space_size)}`)
    .join(', ');
  console.log(
    `  main thread: V8 heap ${mib(m.heapTotal)} (${mib(m.heapUsed)} used; ${spaces}), code ${mib(code.code_and_metadata_size + code.bytecode_and_metadata_size)}, external ${mib(m.external)} (array buffers ${mib(m.arrayBuffers)})`,
  );
}
