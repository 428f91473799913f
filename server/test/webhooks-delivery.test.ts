// Issue #21: where webhooks may deliver (the allowed-host list, checked on the resolved address at
// connect time), deliveries stored before a crash and sent by a worker started later, and two
// server processes on one PostgreSQL database delivering each event once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, type TestForge } from './helpers.ts';
import { ownerWithRepo } from './issues-helpers.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';
import { startServer } from './cli-process.ts';
import { freshPostgresDatabase } from './pg-databases.ts';
import { startDeliveryWorker } from '../src/services/webhooks/deliver.ts';
import { HostGuard, addressKind } from '../src/services/webhooks/host-guard.ts';

/** Polls the deliveries API until every delivery of the hook is done (no timing: it waits for the state). */
async function settled(get: () => Promise<any[]>, count: number): Promise<any[]> {
  for (;;) {
    const list = await get();
    if (list.length >= count && list.every((d) => d.is_delivered)) return list;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the allowed-host list', () => {
  it('classifies addresses and applies the built-in words, CIDRs and host globs as Gitea', () => {
    expect(addressKind('127.0.0.1')).toBe('loopback');
    expect(addressKind('::1')).toBe('loopback');
    expect(addressKind('::ffff:127.0.0.1')).toBe('loopback');
    expect(addressKind('10.1.2.3')).toBe('private');
    expect(addressKind('192.168.1.1')).toBe('private');
    expect(addressKind('100.64.0.1')).toBe('private');
    expect(addressKind('fd00::1')).toBe('private');
    expect(addressKind('169.254.169.254')).toBe('special');
    expect(addressKind('0.0.0.0')).toBe('special');
    expect(addressKind('224.0.0.1')).toBe('special');
    expect(addressKind('fe80::1')).toBe('special');
    expect(addressKind('93.184.216.34')).toBe('external');
    const external = new HostGuard(['external']);
    expect(external.allows('example.com', '93.184.216.34')).toBe(true);
    expect(external.allows('x', '127.0.0.1')).toBe(false);
    expect(external.allows('x', '10.0.0.1')).toBe(false);
    expect(external.allows('x', '169.254.169.254')).toBe(false);
    const priv = new HostGuard(['private', 'loopback']);
    expect(priv.allows('x', '10.0.0.1')).toBe(true);
    expect(priv.allows('x', '127.0.0.1')).toBe(true);
    expect(priv.allows('x', '169.254.169.254')).toBe(false);
    expect(priv.allows('x', '93.184.216.34')).toBe(false);
    const lists = new HostGuard(['10.1.0.0/16', '*.internal.example']);
    expect(lists.allows('x', '10.1.9.9')).toBe(true);
    expect(lists.allows('x', '10.2.0.1')).toBe(false);
    expect(lists.allows('ci.internal.example', '10.9.9.9')).toBe(true);
    expect(new HostGuard(['*']).allows('x', '169.254.169.254')).toBe(true);
  });
});

describe('deliveries refused by the allowed-host list', () => {
  let forge: TestForge;
  let receiver: Receiver;
  beforeAll(async () => {
    forge = await createTestForge();
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('refuses 127.0.0.1 and a name resolving to it under the default (external), records why, and does not retry', async () => {
    expect(forge.deps.config.webhookAllowedHostList).toEqual(['external']);
    const { owner, base } = await ownerWithRepo(forge);
    const worker = startDeliveryWorker(forge.deps, { pollMs: 50, backoffMs: [50] });
    try {
      const hooks = [];
      for (const url of [receiver.url, `http://localhost:${receiver.port}/hook`]) {
        const res = await forge.req('POST', `${base}/hooks`, {
          token: owner.token,
          body: { type: 'gitea', config: { url, content_type: 'json' }, events: ['issues'], active: true },
        });
        expect(res.status).toBe(201);
        hooks.push(res.body.id);
      }
      await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'Nobody inside hears this' } });
      for (const id of hooks) {
        const [d] = await settled(async () => (await forge.req('GET', `${base}/hooks/${id}/deliveries`, { token: owner.token })).body, 1);
        expect(d).toMatchObject({ is_delivered: true, is_succeed: false, attempts: 1, response: null });
        expect(d.error).toMatch(/webhook can only call allowed HTTP servers .*deny '(127\.0\.0\.1|localhost)\((127\.0\.0\.1|::1)\)'/);
      }
      expect(receiver.received).toHaveLength(0);
    } finally {
      await worker.stop();
    }
  });
});

describe('a crash between the event and its delivery', () => {
  let forge: TestForge;
  let receiver: Receiver;
  beforeAll(async () => {
    forge = await createTestForge();
    forge.deps.config.webhookAllowedHostList = ['loopback'];
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('keeps the task in the database; a worker started later sends it, and a task held by a dead worker is sent once its lease ends', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const hook = (
      await forge.req('POST', `${base}/hooks`, {
        token: owner.token,
        body: { type: 'gitea', config: { url: receiver.url, content_type: 'json' }, events: ['issues'], active: true },
      })
    ).body;
    // No worker runs (the process died right after the write): the event is stored, not sent.
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'Before the crash' } });
    const stored = await forge.deps.db.selectFrom('hook_task').selectAll().where('hook_id', '=', hook.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ is_delivered: 0, attempts: 0 });
    // A second task a worker had taken when it died: its lease has run out.
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'Taken by a dead worker' } });
    await forge.deps.db
      .updateTable('hook_task')
      .set({ claimed_until: Date.now() - 1 })
      .where('hook_id', '=', hook.id)
      .where('id', '>', stored[0]!.id)
      .execute();
    expect(receiver.received).toHaveLength(0);

    const worker = startDeliveryWorker(forge.deps, { pollMs: 50 });
    try {
      const list = await settled(async () => (await forge.req('GET', `${base}/hooks/${hook.id}/deliveries`, { token: owner.token })).body, 2);
      expect(list.every((d) => d.is_succeed)).toBe(true);
      expect(receiver.received.map((r) => r.payload.issue.title).sort()).toEqual(['Before the crash', 'Taken by a dead worker']);
    } finally {
      await worker.stop();
    }
  });
});

describe.runIf(process.env.FORGE_TEST_DATABASE === 'postgres')('two server processes on one PostgreSQL database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-wh-mp-'));
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  let drop: () => Promise<void> = async () => {};
  let receiver: Receiver;
  beforeAll(async () => {
    const database = await freshPostgresDatabase();
    drop = database.drop;
    receiver = await startReceiver();
    const env = { FORGE_DATABASE_URL: database.url, FORGE_WEBHOOK_ALLOWED_HOST_LIST: 'loopback' };
    servers.push(await startServer(dataDir, env));
    servers.push(await startServer(dataDir, env));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(
      servers.map(async (s) => {
        s.child.kill('SIGTERM');
        await s.exited;
      }),
    );
    await receiver.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('deliver each event exactly once', async () => {
    const password = servers[0]!.password!;
    const basic = `Basic ${Buffer.from(`forge-admin:${password}`).toString('base64')}`;
    const call = async (i: number, method: string, url: string, body?: unknown, auth = basic) => {
      const res = await fetch(`${servers[i]!.base}/api/v1${url}`, {
        method,
        headers: { Authorization: auth, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    };
    const token = `token ${(await call(0, 'POST', '/users/forge-admin/tokens', { name: 'wh', scopes: ['all'] })).body.sha1}`;
    expect((await call(0, 'POST', '/user/repos', { name: 'hooked' }, token)).status).toBe(201);
    const hook = await call(
      1,
      'POST',
      '/repos/forge-admin/hooked/hooks',
      { type: 'gitea', config: { url: receiver.url, content_type: 'json' }, events: ['issues'], active: true },
      token,
    );
    expect(hook.status).toBe(201);
    const n = 12;
    await Promise.all(Array.from({ length: n }, (_, i) => call(i % 2, 'POST', '/repos/forge-admin/hooked/issues', { title: `issue ${i}` }, token)));
    const list = await settled(
      async () => (await call(0, 'GET', `/repos/forge-admin/hooked/hooks/${hook.body.id}/deliveries?limit=50`, undefined, token)).body,
      n,
    );
    expect(list).toHaveLength(n);
    expect(list.every((d: any) => d.is_succeed && d.attempts === 1)).toBe(true);
    // Every task done and none held: nothing more can arrive. Each event once.
    expect(receiver.received).toHaveLength(n);
    expect(new Set(receiver.received.map((r) => r.headers['x-gitea-delivery'])).size).toBe(n);
    expect(receiver.received.map((r) => r.payload.issue.title).sort()).toEqual(Array.from({ length: n }, (_, i) => `issue ${i}`).sort());
  }, 60_000);
});
