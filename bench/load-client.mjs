// A small load generator (autocannon's model: N keep-alive connections, each sending its next
// request as soon as the previous answer is read) run as a child process so it does not share
// the server's event loop. Usage: node bench/load-client.mjs '<json {url, headers, connections, warmupMs, durationMs}>'
// Prints {requests, rps, p50, p99, errors, bytes} as JSON.
// Optional: `urls` (a list; each request asks one of them at random instead of `url`) and `writer`
// ({url, headers, body, perSecond}: a POST sent perSecond times a second beside the load, from
// warm-up to the end; the output then also has `writes` and `writeErrors`, counted while measuring).
import http from 'node:http';

const { url, urls, writer, headers = {}, connections = 10, warmupMs = 500, durationMs = 3000 } = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const targets = (urls ?? [url]).map((u) => new URL(u));

function once() {
  return new Promise((resolve) => {
    const t = performance.now();
    const target = targets[Math.floor(Math.random() * targets.length)];
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (d) => (bytes += d.length));
      res.on('end', () => resolve({ ok: res.statusCode === 200 || res.statusCode === 304, ms: performance.now() - t, bytes }));
    });
    req.on('error', () => resolve({ ok: false, ms: performance.now() - t, bytes: 0 }));
    req.end();
  });
}

let measuring = false;
let stop = false;
const lat = [];
let errors = 0;
let bytes = 0;
let writes = 0;
let writeErrors = 0;

// The writer: its own agent, so its POSTs never wait behind the readers' sockets.
function write() {
  const target = new URL(writer.url);
  const body = JSON.stringify(writer.body);
  const req = http.request(
    {
      method: 'POST',
      host: target.hostname,
      port: target.port,
      path: target.pathname + target.search,
      agent: writerAgent,
      headers: { ...writer.headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    },
    (res) => {
      res.resume();
      res.on('end', () => {
        if (!measuring) return;
        if (res.statusCode >= 200 && res.statusCode < 300) writes++;
        else writeErrors++;
      });
    },
  );
  req.on('error', () => measuring && writeErrors++);
  req.end(body);
}
const writerAgent = writer ? new http.Agent({ keepAlive: true, maxSockets: 4 }) : undefined;
const writerTimer = writer ? setInterval(write, 1000 / writer.perSecond) : undefined;
async function loop() {
  while (!stop) {
    const r = await once();
    if (!measuring) continue;
    if (!r.ok) errors++;
    lat.push(r.ms);
    bytes += r.bytes;
  }
}
const loops = Array.from({ length: connections }, loop);
await new Promise((r) => setTimeout(r, warmupMs));
measuring = true;
const t0 = performance.now();
await new Promise((r) => setTimeout(r, durationMs));
measuring = false;
const elapsed = (performance.now() - t0) / 1000;
stop = true;
if (writerTimer) clearInterval(writerTimer);
await Promise.all(loops);
lat.sort((a, b) => a - b);
const q = (p) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? 0;
const wrote = writer ? { writes, writeErrors } : {};
console.log(JSON.stringify({ requests: lat.length, rps: lat.length / elapsed, p50: q(0.5), p99: q(0.99), errors, bytes, ...wrote }));
agent.destroy();
writerAgent?.destroy();
