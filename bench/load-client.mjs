// A small load generator (autocannon's model: N keep-alive connections, each sending its next
// request as soon as the previous answer is read) run as a child process so it does not share
// the server's event loop. Usage: node bench/load-client.mjs '<json {url, headers, connections, warmupMs, durationMs}>'
// Prints {requests, rps, p50, p99, errors, bytes} as JSON.
import http from 'node:http';

const { url, headers = {}, connections = 10, warmupMs = 500, durationMs = 3000 } = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url);

function once() {
  return new Promise((resolve) => {
    const t = performance.now();
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
await Promise.all(loops);
lat.sort((a, b) => a - b);
const q = (p) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? 0;
console.log(JSON.stringify({ requests: lat.length, rps: lat.length / elapsed, p50: q(0.5), p99: q(0.99), errors, bytes }));
agent.destroy();
