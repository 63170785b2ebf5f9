// A name server on loopback UDP that answers TXT questions from a table the test fills (RFC 1035 wire
// format): the custom-domain check asks it as it would ask the operator's resolver. A name with no
// records is NXDOMAIN; `fail(name)` makes the server answer SERVFAIL for it, as a broken zone does.
import dgram from 'node:dgram';

export interface DnsServer {
  /** `127.0.0.1:<port>`, as DOMAIN_DNS_SERVERS names a server. */
  address: string;
  port: number;
  /** Sets the TXT records of a name (replacing any); an empty list removes them. */
  setTxt(name: string, values: string[]): void;
  fail(name: string): void;
  /** The names asked for, in order. */
  asked: string[];
  close(): Promise<void>;
}

const TXT = 16;

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  while (msg[i]! !== 0) {
    const len = msg[i]!;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('latin1'));
    i += 1 + len;
  }
  return { name: labels.join('.').toLowerCase(), end: i + 1 };
}

function txtRdata(values: string[]): Buffer {
  // Each value is one or more character-strings of at most 255 bytes.
  const parts: Buffer[] = [];
  for (const v of values) {
    const bytes = Buffer.from(v, 'utf8');
    for (let i = 0; i < bytes.length || i === 0; i += 255) {
      const chunk = bytes.subarray(i, i + 255);
      parts.push(Buffer.from([chunk.length]), chunk);
    }
  }
  return Buffer.concat(parts);
}

export async function startDnsServer(port = 0): Promise<DnsServer> {
  const records = new Map<string, string[]>();
  const failing = new Set<string>();
  const asked: string[] = [];
  const socket = dgram.createSocket('udp4');

  socket.on('message', (msg, from) => {
    if (msg.length < 12) return;
    const question = readName(msg, 12);
    const qtype = msg.readUInt16BE(question.end);
    const questionBytes = msg.subarray(12, question.end + 4);
    asked.push(question.name);
    const values = qtype === TXT ? records.get(question.name) : undefined;
    const rcode = failing.has(question.name) ? 2 : records.has(question.name) ? 0 : 3;
    const answers = rcode === 0 && values ? values.map((v) => txtRdata([v])) : [];
    const header = Buffer.alloc(12);
    header.writeUInt16BE(msg.readUInt16BE(0), 0);
    // QR, the question's opcode and RD, AA, RA; then the answer code.
    header.writeUInt16BE(0x8000 | (msg.readUInt16BE(2) & 0x7900) | 0x0400 | 0x0080 | rcode, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const body = answers.map((rdata) => {
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0); // the question's name
      rr.writeUInt16BE(TXT, 2);
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(60, 6);
      rr.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([rr, rdata]);
    });
    socket.send(Buffer.concat([header, questionBytes, ...body]), from.port, from.address);
  });

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve());
  });
  const bound = socket.address().port;
  return {
    address: `127.0.0.1:${bound}`,
    port: bound,
    setTxt(name, values) {
      const key = name.toLowerCase().replace(/\.$/, '');
      failing.delete(key);
      if (values.length) records.set(key, values);
      else records.delete(key);
    },
    fail(name) {
      failing.add(name.toLowerCase());
    },
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
