// What the server benchmarks share: bench/load-client.mjs run as a child process (so the load
// does not share the server's event loop), and a throwaway HTTP server on a free port.
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** With a writer: the writes sent while measuring, and those that failed. */
  writes?: number;
  writeErrors?: number;
}

/** A POST sent `perSecond` times a second beside the load. */
export interface Writer {
  url: string;
  headers: Record<string, string>;
  body: object;
  perSecond: number;
}

export interface LoadOptions {
  /** Each request asks one of these at random. */
  urls: string[];
  headers?: Record<string, string>;
  writer?: Writer;
  connections: number;
  durationMs: number;
  warmupMs?: number;
}

/** Runs the load client with these options; its figures. */
export function load(o: LoadOptions): Promise<Load> {
  return new Promise((resolve, reject) => {
    const opts = { headers: {}, warmupMs: 500, ...o };
    const child = spawn(process.execPath, ['bench/load-client.mjs', JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Load) : reject(new Error(`load client exited ${code}`))));
  });
}

export function listen(fetch: (req: Request) => Response | Promise<Response>): Promise<{ server: ServerType; base: string }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ server, base: `http://127.0.0.1:${info.port}` }));
  });
}

export const close = (s: ServerType) => new Promise<void>((resolve) => s.close(() => resolve()));

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
