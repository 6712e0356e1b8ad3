import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box';

const secret = 'test-secret-0123456789abcdefghijklmnop';

describe('secret box', () => {
  const box = createSecretBox({ secret, purpose: 'ai-provider-key' });

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('sk-live-abcdef123456');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('sk-live');
    expect(box.open(sealed)).toBe('sk-live-abcdef123456');
  });

  it('seals the same text differently each time (random IV)', () => {
    const a = box.seal('same');
    const b = box.seal('same');
    expect(a).not.toBe(b);
    expect(box.open(a)).toBe('same');
    expect(box.open(b)).toBe('same');
  });

  it('keeps unicode and empty text', () => {
    expect(box.open(box.seal(''))).toBe('');
    expect(box.open(box.seal('ключ 🔑'))).toBe('ключ 🔑');
  });

  it('detects tampering with the ciphertext, the tag or the IV', () => {
    const sealed = box.seal('sk-live-abcdef123456');
    const [version, iv, ciphertext, tag] = sealed.split('.') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    for (const altered of [
      [version, iv, flip(ciphertext), tag],
      [version, iv, ciphertext, flip(tag)],
      [version, flip(iv), ciphertext, tag],
    ])
      expect(() => box.open(altered.join('.'))).toThrow(SecretBoxError);
  });

  it('refuses another server secret and another purpose', () => {
    const sealed = box.seal('sk-live-abcdef123456');
    const otherSecret = createSecretBox({ secret: `${secret}x`, purpose: 'ai-provider-key' });
    const otherPurpose = createSecretBox({ secret, purpose: 'connection-token' });
    expect(() => otherSecret.open(sealed)).toThrow(/altered or sealed with another key/);
    expect(() => otherPurpose.open(sealed)).toThrow(SecretBoxError);
  });

  it('refuses unknown formats', () => {
    expect(() => box.open('sk-live-abcdef123456')).toThrow(/Unknown sealed secret format/);
    expect(() => box.open(box.seal('x').replace(/^v1/, 'v2'))).toThrow(/Unknown sealed secret format/);
    expect(() => box.open('v1.AA.AA.AA')).toThrow(/Malformed/);
  });
});
