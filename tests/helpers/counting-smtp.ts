// A fast SMTP sink on loopback for bulk-send tests and benchmarks: it reads each message's headers
// only (no MIME parsing) and counts deliveries per recipient and per Message-ID.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CountingSmtp {
  url: string;
  /** Messages accepted (a 250 was answered), duplicates included. */
  accepted(): number;
  /** Recipient address → Message-IDs received, in order. */
  byRecipient: Map<string, string[]>;
  /** Recipient address → the Subject headers of what they received, in order (unfolded; ASCII subjects). */
  subjectsOf: Map<string, string[]>;
  /** Message-ID → how many times it arrived. */
  byMessageId: Map<string, number>;
  /** A sample of whole messages (the first few), for header checks. */
  samples: string[];
  close(): Promise<void>;
}

export async function startCountingSmtp(opts: { keepSamples?: number } = {}): Promise<CountingSmtp> {
  let accepted = 0;
  const byRecipient = new Map<string, string[]>();
  const byMessageId = new Map<string, number>();
  const subjectsOf = new Map<string, string[]>();
  const samples: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    maxClients: 200,
    disableReverseLookup: true,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.slice(0, raw.indexOf('\r\n\r\n') >>> 0 || raw.length);
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? '';
        const subject = (/^Subject:[ \t]*(.*(?:\r\n[ \t].*)*)/im.exec(head)?.[1] ?? '').replace(/\r\n[ \t]/g, ' ');
        for (const r of session.envelope.rcptTo) {
          const list = byRecipient.get(r.address) ?? [];
          list.push(messageId);
          byRecipient.set(r.address, list);
          const subjects = subjectsOf.get(r.address) ?? [];
          subjects.push(subject);
          subjectsOf.set(r.address, subjects);
        }
        byMessageId.set(messageId, (byMessageId.get(messageId) ?? 0) + 1);
        if (samples.length < (opts.keepSamples ?? 3)) samples.push(raw);
        accepted++;
        cb();
      });
    },
  });
  // Replies to pipelined commands are small writes: without TCP_NODELAY, Nagle's algorithm holds the
  // second one until the client's delayed ACK (about 40 ms per message), as no real MTA does.
  const sockets = new Set<import('node:net').Socket>();
  server.server.on('connection', (socket: import('node:net').Socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // A sender killed mid-message (the crash test) resets its connections: that is expected here.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: () => accepted,
    byRecipient,
    subjectsOf,
    byMessageId,
    samples,
    // A sender's pooled connections stay open while idle: they are cut rather than waited for.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
