// Shared set-up of the blog tests: an admin, a manager, a plain user, their callers and REST cookies.
import { expect } from 'vitest';
import { SaxesParser } from 'saxes';
import { auditLog } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { signedIn } from '../newsletter/support';

export async function setup(opts?: Parameters<typeof harnessWithAdmin>[0]) {
  const h = await harnessWithAdmin(opts);
  const manager = await h.insertUser({ email: 'manager@example.com', role: 'manager' });
  const user = await h.insertUser({ email: 'user@example.com' });
  const staff = await signedIn(h, { role: 'supervisor' });
  const plain = await signedIn(h);
  const actions = async () => (await h.db.select().from(auditLog)).map((a) => a.action);
  return { ...h, manager, user, staffCookie: staff.cookie, plainCookie: plain.cookie, admin: h.caller(h.admin), anon: h.caller('anon'), actions };
}
export type Setup = Awaited<ReturnType<typeof setup>>;

/** Parses with saxes (strict XML 1.0) and returns the text of every element with the given name. */
export function xmlTexts(xml: string, name: string): string[] {
  const errors: string[] = [];
  const found: string[] = [];
  let current: string | null = null;
  const parser = new SaxesParser();
  parser.on('error', (e) => errors.push(e.message));
  parser.on('opentag', (t) => {
    if (t.name === name) current = '';
  });
  parser.on('text', (t) => {
    if (current !== null) current += t;
  });
  parser.on('closetag', (t) => {
    if (t.name === name && current !== null) {
      found.push(current);
      current = null;
    }
  });
  parser.write(xml).close();
  expect(errors).toEqual([]);
  return found;
}

/** A 1×1 PNG (real file bytes). */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** PNG header bytes claiming the given size (enough for the type and dimension check). */
export function pngHeader(width: number, height: number, padTo = 0) {
  const b = Buffer.alloc(Math.max(33, padTo));
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(b, 0);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}
