// The subscriber import report names the physical line on which each bad row starts, whatever line ends
// the file uses and whatever its quoted fields hold.
import { describe, it, expect } from 'vitest';
import { harnessWithAdmin } from '../../helpers/app';
import { signedIn } from '../newsletter/support';

async function setup() {
  const h = await harnessWithAdmin();
  const { user, cookie } = await signedIn(h, { planType: 'professional' });
  const pub = await h.caller(user).publications.create({ name: 'Field Notes' });
  return { h, user, cookie, pub };
}

type Setup = Awaited<ReturnType<typeof setup>>;
const upload = (s: Setup, csv: string, q = 'mode=check') =>
  s.h.app.request(`/api/uploads/subscribers?publicationId=${s.pub.id}&${q}`, {
    method: 'POST',
    headers: { cookie: s.cookie, 'content-type': 'text/csv' },
    body: csv,
  });

describe('subscriber import report', () => {
  it('names the physical line where each bad row starts, after quoted fields holding LF, CRLF and CR', async () => {
    const s = await setup();
    const csv = [
      'email,name\r\n', // 1
      'ada@example.com,"Ada\nLovelace"\r\n', // 2-3: a line break inside a name
      'ben@example.com,"Ben\r\nBen"\r\n', // 4-5
      '\r\n', // 6: empty, skipped
      'not-an-email,Nope\r\n', // 7
      'cy@example.com,"C\r\n\r\nY"\n', // 8-10
      'dee@example.com,"D\rE"\n', // 11-12: a lone CR ends a line too
      'fine@example.com,Fine\n', // 13
      'bad2,X', // 14, no line end
    ].join('');
    const report = await (await upload(s, csv)).json();
    expect(report.invalid.map((r: { line: number; value: string }) => [r.line, r.value])).toEqual([
      [2, 'ada@example.com'],
      [4, 'ben@example.com'],
      [7, 'not-an-email'],
      [8, 'cy@example.com'],
      [11, 'dee@example.com'],
      [14, 'bad2'],
    ]);
    expect(report).toMatchObject({ rows: 7, valid: 1, invalidCount: 6 });
  });

  it('keeps counting right across the 64 KB pieces the parser is fed', async () => {
    const s = await setup();
    // A notes column may hold line breaks; 3,000 two-line rows make ~130 KB.
    const rows = Array.from({ length: 3000 }, (_, i) => `r${i}@example.com,Reader ${i},"first line\r\nsecond line"\r\n`).join('');
    const report = await (await upload(s, `email,name,notes\r\n${rows}not-an-email,Last,x\r\n`)).json();
    expect(report).toMatchObject({ rows: 3001, valid: 3000, invalidCount: 1 });
    expect(report.invalid).toEqual([{ line: 6002, value: 'not-an-email', reason: 'Not a valid e-mail address' }]);
  });

  it('counts lines the same with a byte-order mark and characters outside ASCII', async () => {
    const s = await setup();
    const csv = '\uFEFFemail,name\n"zoë@example.com","Zoë 🎉\nÅsa"\nnope,Ünïcode\n';
    const report = await (await upload(s, csv)).json();
    expect(report.invalid.map((r: { line: number }) => r.line)).toEqual([2, 4]);
  });
});
