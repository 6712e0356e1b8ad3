import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals short secrets (AI providers' API keys) for storage: AES-256-GCM with a key derived by
 * HKDF-SHA256 from the server secret, a random 96-bit IV per seal. The text form is
 * `v1.{iv}.{ciphertext}.{tag}` (base64url), so a later format or key can be told apart. The
 * purpose goes into the HKDF info and the GCM additional data, so a value sealed for one use
 * does not open for another.
 */
export type SecretBox = {
  seal(plaintext: string): string;
  /** Throws when the value was altered or sealed with another secret or purpose. */
  open(sealed: string): string;
};

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export function createSecretBox({ secret, purpose }: { secret: string; purpose: string }): SecretBox {
  if (!secret) throw new SecretBoxError('A server secret is needed to seal secrets');
  const key = Buffer.from(hkdfSync('sha256', secret, 'flowmind-secret-box', `${VERSION}:${purpose}`, 32));
  const aad = Buffer.from(`${VERSION}:${purpose}`);

  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, ciphertext, tag]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError('Unknown sealed secret format');
      const [iv, ciphertext, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url')) as [
        Buffer,
        Buffer,
        Buffer,
      ];
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError('Malformed sealed secret');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('The sealed secret cannot be opened: it was altered or sealed with another key');
      }
    },
  };
}
