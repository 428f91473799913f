// dbVersion() (db/index.ts) decides whether an answer kept between requests may be sent again: it
// must stay the same while only reads happen (else nothing is ever reused) and change with every
// write, whoever makes it. On SQLite with the driver this Node uses (better-sqlite3 on Node 20 and
// 22, node:sqlite from 24 on, which cannot tell read-only statements); on PostgreSQL it differs on
// every call, since other processes write there unseen, and sharedDbVersion() — one query — is what
// kept list answers check there: the same while only reads happen, moved by any commit, whoever
// makes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { dbVersion, openDb, requestTicket, sharedDbVersion } from '../src/db/index.ts';
import type { Db } from '../src/db/types.ts';
import { closeDb } from '../src/db/dialect.ts';
import { sqliteDriver } from '../src/db/sqlite.ts';
import { freshPostgresDatabase } from './pg-databases.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-dbversion-'));
const file = path.join(dir, 'forge.db');
const db = await openDb(file);
afterAll(async () => {
  await closeDb(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

const reads = async (d: Db) => {
  await d.selectFrom('login_failure').selectAll().execute();
  await d.selectFrom('user').select(['id', 'name']).where('id', '>', 0).orderBy('id').limit(5).execute();
  await sql`select count(*) as n from repository`.execute(d);
};

describe(`dbVersion on SQLite (${sqliteDriver()})`, () => {
  it('stays the same while only reads happen, so kept answers are sent again', async () => {
    await reads(db);
    const before = dbVersion(db);
    await reads(db);
    await reads(db);
    expect(dbVersion(db)).toBe(before);
  });

  it('moves with every kind of write through this connection, and with a commit by another one', async () => {
    const writes: [string, () => Promise<unknown>][] = [
      ['insert', () => db.insertInto('login_failure').values({ key: 'a:one', failures: 1, ends_at: 1 }).execute()],
      ['insert … returning', () => db.insertInto('login_failure').values({ key: 'a:two', failures: 1, ends_at: 1 }).returning('key').execute()],
      ['update', () => db.updateTable('login_failure').set({ failures: 2 }).where('key', '=', 'a:one').execute()],
      ['update … returning', () => db.updateTable('login_failure').set({ failures: 3 }).where('key', '=', 'a:one').returning('failures').execute()],
      [
        'upsert',
        () =>
          db
            .insertInto('login_failure')
            .values({ key: 'a:one', failures: 1, ends_at: 1 })
            .onConflict((oc) => oc.column('key').doUpdateSet({ failures: 9 }))
            .execute(),
      ],
      ['delete … returning', () => db.deleteFrom('login_failure').where('key', '=', 'a:two').returning('key').execute()],
      ['delete', () => db.deleteFrom('login_failure').where('key', '=', 'a:one').execute()],
      ['transaction', () => db.transaction().execute((trx) => trx.insertInto('login_failure').values({ key: 'a:three', failures: 1, ends_at: 1 }).execute())],
      ['schema change', () => sql`create table version_probe (a integer)`.execute(db)],
      [
        'commit by another connection',
        async () => {
          const other = await openDb(file);
          try {
            await other.updateTable('login_failure').set({ failures: 5 }).where('key', '=', 'a:three').execute();
          } finally {
            await closeDb(other);
          }
        },
      ],
    ];
    for (const [what, write] of writes) {
      await reads(db);
      const before = dbVersion(db);
      await write();
      expect(dbVersion(db), what).not.toBe(before);
      // And it settles again after the write.
      const after = dbVersion(db);
      await reads(db);
      expect(dbVersion(db), `reads after ${what}`).toBe(after);
    }
    expect(await db.selectFrom('login_failure').select(['key', 'failures']).execute()).toEqual([{ key: 'a:three', failures: 5 }]);
  });

  it("a request's checks share one look at other connections' commits; a request after one sees it", async () => {
    const first = {};
    const seen = await sharedDbVersion(db, requestTicket(first));
    const other = await openDb(file);
    try {
      await other.insertInto('login_failure').values({ key: 'b:other', failures: 1, ends_at: 1 }).execute();
    } finally {
      await closeDb(other);
    }
    // The first request's later checks stand as of a moment after it arrived: the look already taken.
    expect(await sharedDbVersion(db, requestTicket(first))).toBe(seen);
    // A request arriving after the commit, and any check without a request, see it.
    expect(await sharedDbVersion(db, requestTicket({}))).not.toBe(seen);
    expect(await sharedDbVersion(db)).not.toBe(seen);
  });
});

describe('dbVersion on PostgreSQL', () => {
  it('differs on every call: nothing is kept between requests there', async () => {
    const target = await freshPostgresDatabase();
    const pg = await openDb(target.url);
    try {
      await reads(pg);
      const seen = new Set([dbVersion(pg), dbVersion(pg), dbVersion(pg)]);
      expect(seen.size).toBe(3);
    } finally {
      await closeDb(pg);
      await target.drop();
    }
  });
});

describe('sharedDbVersion on PostgreSQL', () => {
  it('stays the same while only reads happen, and moves with every commit, by this process or another', { timeout: 60_000 }, async () => {
    // A server of its own: on the shared test server other test files commit all the time, and
    // each of their commits moves the value too (that only costs recomputed answers).
    // @ts-expect-error plain JavaScript module without types
    const { startPostgres } = (await import('../../scripts/postgres.mjs')) as {
      startPostgres(o: { quiet: boolean; stopWithProcess: number }): Promise<{ url: string; stop(): Promise<void> }>;
    };
    const server = await startPostgres({ quiet: true, stopWithProcess: process.pid });
    const url = server.url.replace(/\/postgres$/, '/versions');
    const admin = await openDb(server.url.replace(/\/postgres$/, '/template1'));
    let pg: Db | undefined;
    let other: Db | undefined;
    try {
      await sql`create database versions`.execute(admin);
      await closeDb(admin);
      pg = await openDb(url);
      other = await openDb(url);
      const p = pg;
      // Reads leave it alone (tried a few times: the server's own background work, autoanalyze,
      // may commit now and then).
      let kept = false;
      for (let i = 0; i < 20 && !kept; i++) {
        const before = await sharedDbVersion(p);
        await reads(p);
        await reads(p);
        kept = (await sharedDbVersion(p)) === before;
      }
      expect(kept).toBe(true);
      const writes: [string, () => Promise<unknown>][] = [
        ['insert', () => p.insertInto('login_failure').values({ key: 'a:one', failures: 1, ends_at: 1 }).execute()],
        ['update … returning', () => p.updateTable('login_failure').set({ failures: 3 }).where('key', '=', 'a:one').returning('failures').execute()],
        ['transaction', () => p.transaction().execute((trx) => trx.insertInto('login_failure').values({ key: 'a:two', failures: 1, ends_at: 1 }).execute())],
        ['delete', () => p.deleteFrom('login_failure').where('key', '=', 'a:two').execute()],
        ['commit by another process', () => other!.updateTable('login_failure').set({ failures: 5 }).where('key', '=', 'a:one').execute()],
      ];
      for (const [what, write] of writes) {
        const before = await sharedDbVersion(p);
        await write();
        expect(await sharedDbVersion(p), what).not.toBe(before);
      }
      // A transaction still open is no commit yet; its commit, later, moves the value.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let wrote!: () => void;
      const written = new Promise<void>((r) => (wrote = r));
      const open = other.transaction().execute(async (trx) => {
        await trx.updateTable('login_failure').set({ failures: 7 }).where('key', '=', 'a:one').execute();
        wrote();
        await held;
      });
      await written;
      const during = await sharedDbVersion(p);
      expect((await p.selectFrom('login_failure').select('failures').executeTakeFirstOrThrow()).failures).toBe(5);
      release();
      await open;
      expect(await sharedDbVersion(p)).not.toBe(during);
      expect((await p.selectFrom('login_failure').select('failures').executeTakeFirstOrThrow()).failures).toBe(7);

      // Requests share snapshots, but never one sent before they arrived: a request's checks
      // share its first look; one arriving after another process's commit sees the commit.
      const before = await sharedDbVersion(p);
      const early = {};
      const first = sharedDbVersion(p, requestTicket(early));
      await other.updateTable('login_failure').set({ failures: 9 }).where('key', '=', 'a:one').execute();
      const late = {};
      const [lateSeen, earlyAgain] = await Promise.all([sharedDbVersion(p, requestTicket(late)), sharedDbVersion(p, requestTicket(early))]);
      expect(lateSeen).not.toBe(before);
      expect(earlyAgain).toBe(await first);
      expect(await sharedDbVersion(p, requestTicket(late))).toBe(lateSeen);
      // Requests arriving together share one snapshot, taken after all of them arrived.
      await other.updateTable('login_failure').set({ failures: 10 }).where('key', '=', 'a:one').execute();
      const together = await Promise.all(Array.from({ length: 20 }, () => sharedDbVersion(p, requestTicket({}))));
      expect(new Set(together).size).toBe(1);
      expect(together[0]).not.toBe(lateSeen);
    } finally {
      if (pg) await closeDb(pg);
      if (other) await closeDb(other);
      await server.stop();
    }
  });
});
