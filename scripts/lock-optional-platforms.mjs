#!/usr/bin/env node
// Run after `npm install` changes package-lock.json (npm run lock:fix).
//
// The registry this project installs from serves only the Linux builds of packages with
// per-platform binaries (esbuild, biome, rolldown…): the others answer 404. npm 11 then leaves
// them out of package-lock.json, and `npm ci` refuses the lock as out of sync ("Missing:
// @biomejs/cli-android-arm64@ from lock file"; npm/cli#9342, #9343). This records each missing
// optional package as an optional entry limited to its platform, which is what npm itself writes
// when the registry answers: `npm ci` accepts the lock and skips them on this platform.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const osNames = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'openharmony',
  'sunos',
  'win32',
  'aix',
  'cygwin',
  'wasi',
];
const cpuNames = [
  'arm64',
  'arm',
  'ia32',
  'x64',
  'x86',
  'loong64',
  'mips64el',
  'ppc64',
  'riscv64',
  's390x',
  'wasm32',
  'universal',
];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os =
    parts.find((p) => osNames.includes(p)) ??
    (parts.includes('win') ? 'win32' : parts.includes('mac') ? 'darwin' : undefined);
  const cpu = parts.find((p) => cpuNames.includes(p));
  const libc = parts.includes('musl') ? 'musl' : parts.includes('gnu') && os === 'linux' ? 'glibc' : undefined;
  return { os, cpu, libc };
}

/** Where node would find `dep` from the package at `path`: its own node_modules, then each parent's. */
function resolves(path, dep) {
  let base = path;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${dep}`]) return true;
    if (!base) return false;
    const at = base.lastIndexOf('node_modules/');
    base = at <= 0 ? '' : base.slice(0, at - 1);
  }
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(path, dep)) continue;
    const version = String(range).replace(/^[\^~=]/, '');
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue;
    if (os === 'linux' && (cpu === 'x64' || !cpu) && libc !== 'musl') continue; // this platform: npm must record it itself
    const key = `${path ? `${path}/` : ''}node_modules/${dep}`;
    packages[key] = {
      version,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(entry.devOptional ? { devOptional: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
if (added > 0)
  console.log(`package-lock.json: recorded ${added} optional platform packages this registry does not serve`);
