// The reliability suite's own plumbing (server/reliability/forge.ts). Its kill -9 loop runs beside
// the in-process forge and sends its checks through the same sendRaw(); closing that forge once
// destroyed the shared http agent and cut the loop's request in flight ("socket hang up" after a
// restart, about one short run in five in CI).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { sendRaw, startForge } from '../reliability/forge.ts';

let other: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (other ? other.close(() => resolve()) : resolve())));

test('closing the in-process forge leaves a request to another server in flight untouched', async () => {
  // Another server (the kill loop's) that answers only once it is released.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let arrived!: () => void;
  const arrivedP = new Promise<void>((r) => (arrived = r));
  other = http.createServer((_req, res) => {
    arrived();
    void released.then(() => res.end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => other!.listen(0, '127.0.0.1', () => resolve()));
  const port = (other.address() as AddressInfo).port;

  const forge = await startForge();
  const answer = sendRaw(port, { method: 'GET', path: '/api/v1/version' });
  await arrivedP;
  await forge.close();
  release();
  await expect(answer).resolves.toMatchObject({ status: 200, body: { ok: true } });
});
