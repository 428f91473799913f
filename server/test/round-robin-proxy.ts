// A small round-robin load balancer for tests of several server processes (issue #12): each
// request goes to the next upstream in turn, bodies streamed both ways and headers kept, so git's
// smart HTTP (a GET of info/refs, then a POST of the pack, maybe to the other process) passes
// through it as through a real balancer without sticky sessions.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  base: string;
  port: number;
  /** How many requests each upstream received. */
  counts: number[];
  close: () => Promise<void>;
}

/** `port` 0 (the default) listens on a free port. */
export async function startRoundRobinProxy(upstreams: string[], port = 0): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: true });
  const counts = upstreams.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const i = next++ % upstreams.length;
    counts[i]!++;
    const target = new URL(upstreams[i]!);
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    upstream.on('error', (e) => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end(`proxy: ${e.message}`);
    });
    req.on('error', () => upstream.destroy());
    req.pipe(upstream);
  });
  // As the forge itself does (main.ts): Node's default 5 s idle timeout closes keep-alive
  // connections a client may be reusing at that moment (ECONNRESET in the test, not the forge's).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${bound}`,
    port: bound,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
