// A webhook receiver on a loopback port for the webhook tests and benchmark: records every request
// (headers, raw body, the JSON payload of a json or form body) and answers with `status` (a function
// of the request number, for retries).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  /** The request's path and query. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  payload: any;
  at: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Resolves with the first request (after `from`) that `match` accepts. */
  next(match?: (r: Received) => boolean, from?: number): Promise<Received>;
  close(): Promise<void>;
}

export async function startReceiver(status: (n: number) => number = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: { match: (r: Received) => boolean; from: number; resolve: (r: Received) => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const json = req.headers['content-type']?.includes('json') ? body : (new URLSearchParams(body).get('payload') ?? '');
      let payload: any = null;
      try {
        payload = JSON.parse(json);
      } catch {
        payload = null;
      }
      const r: Received = { url: req.url ?? '', headers: req.headers, body, payload, at: performance.now() };
      received.push(r);
      const n = received.length;
      res.writeHead(status(n), { 'Content-Type': 'text/plain', 'X-Receiver': 'test' });
      res.end(`got ${n}`);
      for (const w of [...waiters]) {
        if (received.indexOf(r) >= w.from && w.match(r)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(r);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    next(match = () => true, from = 0) {
      const found = received.slice(from).find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, from, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
