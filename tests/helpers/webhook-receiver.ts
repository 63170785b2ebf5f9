// A loopback webhook endpoint that keeps every body it is sent; closed (open connections too) by the
// clean-up it registers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startReceiver(cleanups: (() => Promise<unknown>)[]) {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push(body);
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/hooks`, host: `127.0.0.1:${port}`, received };
}
