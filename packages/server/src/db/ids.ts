import { createHash, randomBytes, randomFillSync } from 'node:crypto';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Lowercase, URL-safe random ids with a readable prefix: `acc_3f9k…`. */
export function newId(prefix: string, length = 20): string {
  let id = '';
  for (let i = 0; i < length; i++) id += alphabet[randomByte() % alphabet.length];
  return `${prefix}_${id}`;
}

/**
 * An id that follows from a key instead of chance: the same key always names the same id (a flow
 * step's idempotency key names what it made, so a run again after a crash finds it).
 */
export function idFromKey(prefix: string, key: string, length = 20): string {
  const digest = createHash('sha256').update(`${prefix}:${key}`).digest();
  let id = '';
  for (let i = 0; i < length; i++) id += alphabet[(digest[i] as number) % alphabet.length];
  return `${prefix}_${id}`;
}

// Random bytes are drawn a few kilobytes at a time: one call per id cost more than the id (each
// byte is still used once).
const pool = Buffer.alloc(4096);
let used = pool.length;
function randomByte(): number {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  return pool[used++]!;
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
