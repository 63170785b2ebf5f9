import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, readToken, signToken } from '../../../src/server/crypto';

const SECRET = 'a'.repeat(64);

describe('signed tokens', () => {
  it('signs as links already sent were signed (a token written before keeps working)', () => {
    expect(signToken(SECRET, 'unsubscribe', 'sub-123')).toBe('c3ViLTEyMw.naIEyPNUQTeWoeOThSRdsQ');
  });

  it('reads back the value for the same purpose only', () => {
    const token = signToken(SECRET, 'unsubscribe', 'sub-123');
    expect(readToken(SECRET, 'unsubscribe', token)).toBe('sub-123');
    expect(readToken(SECRET, 'other', token)).toBeNull();
    expect(readToken('b'.repeat(64), 'unsubscribe', token)).toBeNull();
  });

  it('refuses every one-character change, including the spare bits of the last encoded character', () => {
    // 'sub-1' encodes to 7 base64url characters, so its last one carries spare bits.
    const token = signToken(SECRET, 'unsubscribe', 'sub-1');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue;
      for (const c of alphabet) {
        if (c === token[i]) continue;
        const changed = token.slice(0, i) + c + token.slice(i + 1);
        expect(readToken(SECRET, 'unsubscribe', changed), changed).toBeNull();
      }
    }
  });
});

describe('secrets at rest', () => {
  it('round-trips and refuses an altered ciphertext', () => {
    const stored = encryptSecret(SECRET, '{"apiKey":"xkeysib-1"}');
    expect(stored).not.toContain('xkeysib');
    expect(decryptSecret(SECRET, stored)).toBe('{"apiKey":"xkeysib-1"}');
    // One bit of the ciphertext flipped (a change of the text's last characters could touch only the spare
    // bits of base64, which decode to the same bytes).
    const [version, iv, tag, body] = stored.split('.');
    const bytes = Buffer.from(body, 'base64url');
    bytes[0] ^= 1;
    expect(() => decryptSecret(SECRET, [version, iv, tag, bytes.toString('base64url')].join('.'))).toThrow();
    const otherTag = Buffer.from(tag, 'base64url');
    otherTag[0] ^= 1;
    expect(() => decryptSecret(SECRET, [version, iv, otherTag.toString('base64url'), body].join('.'))).toThrow();
  });
});
