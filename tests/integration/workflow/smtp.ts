// A real SMTP server on loopback for send tests: collects every message, parsed with mailparser, and
// can refuse chosen recipients the way a real server does (a 550 reply at RCPT TO).
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
}

export async function startSmtp(opts: { reject?: string[] } = {}) {
  const received: ReceivedMail[] = [];
  const reject = new Set((opts.reject ?? []).map((a) => a.toLowerCase()));
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Mail goes through pooled SMTP connections that stay open after a test; close drops them soon.
    closeTimeout: 200,
    onRcptTo(address, _session, cb) {
      if (reject.has(address.address.toLowerCase())) {
        const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed });
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
