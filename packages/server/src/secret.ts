import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';

/**
 * FLOWMIND_SECRET signs sessions. Embedded installs may leave it unset: one is made once and kept
 * in the data folder. Scale-out installs must set it, so that every process signs alike.
 */
export function resolveSecret(config: Config): string {
  if (config.secret) return config.secret;
  if (config.database.kind === 'postgres') {
    throw new Error(
      'Set FLOWMIND_SECRET (32+ random characters) when DATABASE_URL is set: every process must share it.',
    );
  }
  const file = join(config.database.dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.database.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
