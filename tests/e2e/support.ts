// Shared e2e helpers: the skip rule (no browser and E2E_REQUIRED unset), accounts and fixtures.
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const test = base;
export { expect };

/** Every spec calls this first: skips when playwright.config.ts found no Chromium (and it was allowed). */
export function skipWithoutBrowser() {
  test.skip(Boolean(process.env.E2E_SKIP), process.env.E2E_SKIP ?? '');
}

export const ADMIN_FILE = `tests/e2e/.tmp/admin-${process.env.E2E_PORT ?? 3111}.json`;

export const PASSWORD = 'correct horse battery staple';

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

/** Creates an account through the REST sign-up path (the page's cookies are not touched). */
export async function createAccount(request: APIRequestContext, name: string, email: string) {
  const res = await request.post('/api/auth/signup', { data: { name, email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { user: { role: string; isStaff: boolean } };
}

export async function signInThroughUi(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

function crc32(buf: Buffer) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Writes a real RGB PNG (a gradient) of the given size and returns its path. */
export function makePng(file: string, width: number, height: number) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = Math.round((x / width) * 255);
      raw[row + 2 + x * 3] = 80;
      raw[row + 3 + x * 3] = Math.round((y / height) * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, png);
  return file;
}

export function adminEmail(): string {
  return (JSON.parse(fs.readFileSync(ADMIN_FILE, 'utf8')) as { email: string }).email;
}

/**
 * An element's computed text colour as sRGB bytes. Tailwind 4 writes colours in oklch, so the browser
 * paints the value onto a canvas and reads the pixel back rather than the test parsing colour syntax.
 */
export async function textRgb(locator: Locator): Promise<[number, number, number]> {
  return locator.evaluate((el) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  });
}

/** Red text: the red channel clearly dominates (Tailwind's red-400 to red-700 all pass; zinc greys do not). */
export function isRed([r, g, b]: [number, number, number]) {
  return r > 150 && r > g + 80 && r > b + 80;
}
