// How requests share PostgreSQL snapshots (db/pg-snapshot.ts), on a stand-in pool whose answers
// the test releases: a snapshot answers for a request only when it was sent after the request
// arrived (else a commit by another process between the two could be missed), at most one is on
// its way, and everyone who asks while it is shares the next.
import { describe, expect, it } from 'vitest';
import { nowTicket, requestTicket } from '../src/db/index.ts';
import { snapshotAfter } from '../src/db/pg-snapshot.ts';
import { registerDialect } from '../src/db/dialect.ts';
import type { Db } from '../src/db/types.ts';
import type { PgHandles } from '../src/db/postgres.ts';

interface Sent {
  answer(v: string): void;
  fail(e: Error): void;
}

function standIn() {
  const sent: Sent[] = [];
  const pool = {
    query: () =>
      new Promise((resolve, reject) => {
        sent.push({ answer: (v) => resolve({ rows: [{ v }] }), fail: reject });
      }),
  };
  const db = {} as Db;
  registerDialect(db, { kind: 'postgres', pg: { pool } as unknown as PgHandles });
  return { db, sent };
}

// Two check phases: one for whatever a just-answered snapshot scheduled in the first.
const turn = () => new Promise<void>((r) => setImmediate(() => setImmediate(r)));
const settled = <T>(p: Promise<T>) => {
  const state: { value?: T; done: boolean } = { done: false };
  p.then(
    (v) => Object.assign(state, { value: v, done: true }),
    () => (state.done = true),
  );
  return state;
};

describe('PostgreSQL snapshots shared by requests', () => {
  it('requests arriving in one turn share one snapshot, sent after all of them', async () => {
    const { db, sent } = standIn();
    const asks = Array.from({ length: 5 }, () => snapshotAfter(db, requestTicket({})));
    // Not sent yet: later requests of this turn may still join.
    expect(sent).toHaveLength(0);
    asks.push(snapshotAfter(db, requestTicket({})));
    await turn();
    expect(sent).toHaveLength(1);
    sent[0]!.answer('10:12:');
    expect(await Promise.all(asks)).toEqual(Array(6).fill('10:12:'));
  });

  it('a request arriving while a snapshot is on its way waits for the next one, sent once it answers', async () => {
    const { db, sent } = standIn();
    const early = {};
    const first = settled(snapshotAfter(db, requestTicket(early)));
    await turn();
    expect(sent).toHaveLength(1);
    // Another process commits now, and a request comes after it: the snapshot on its way may
    // have been taken before that commit.
    const late = {};
    const second = settled(snapshotAfter(db, requestTicket(late)));
    const third = settled(snapshotAfter(db, nowTicket()));
    // The early request's later checks share its snapshot.
    const earlyAgain = settled(snapshotAfter(db, requestTicket(early)));
    await turn();
    // At most one on its way.
    expect(sent).toHaveLength(1);
    sent[0]!.answer('10:12:');
    await turn();
    expect(first).toEqual({ value: '10:12:', done: true });
    expect(earlyAgain).toEqual({ value: '10:12:', done: true });
    expect(second.done).toBe(false);
    expect(sent).toHaveLength(2);
    sent[1]!.answer('11:13:');
    await turn();
    expect(second).toEqual({ value: '11:13:', done: true });
    expect(third).toEqual({ value: '11:13:', done: true });
    // The late request's later checks share its snapshot; a request now needs a new one.
    expect(await snapshotAfter(db, requestTicket(late))).toBe('11:13:');
    const fourth = settled(snapshotAfter(db, requestTicket({})));
    await turn();
    expect(sent).toHaveLength(3);
    sent[2]!.answer('12:14:');
    await turn();
    expect(fourth).toEqual({ value: '12:14:', done: true });
  });

  it('a failed snapshot fails its own requests only; the next request sends another', async () => {
    const { db, sent } = standIn();
    const early = {};
    const failed = snapshotAfter(db, requestTicket(early));
    await turn();
    sent[0]!.fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    // The same request asking again is not handed the failure: a new snapshot is sent.
    const again = snapshotAfter(db, requestTicket(early));
    await turn();
    expect(sent).toHaveLength(2);
    sent[1]!.answer('20:20:');
    expect(await again).toBe('20:20:');
  });

  it('requests read in the same turn as an answer share the next snapshot with those who waited', async () => {
    const { db, sent } = standIn();
    const first = snapshotAfter(db, requestTicket({}));
    await turn();
    const waiting = snapshotAfter(db, requestTicket({}));
    sent[0]!.answer('30:30:');
    await first;
    // Still the turn in which the answer was read: a request read now joins the waiting one.
    const sameTurn = snapshotAfter(db, requestTicket({}));
    await turn();
    expect(sent).toHaveLength(2);
    sent[1]!.answer('31:31:');
    expect(await Promise.all([waiting, sameTurn])).toEqual(['31:31:', '31:31:']);
    expect(sent).toHaveLength(2);
  });
});
