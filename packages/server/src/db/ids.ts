import { randomBytes } from 'node:crypto';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Lowercase, URL-safe random ids with a readable prefix: `acc_3f9k…`. */
export function newId(prefix: string, length = 20): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
