// PostgreSQL snapshots for kept answers (db/index.ts sharedDbVersion, scopedDbVersion), shared
// (issue #22). A snapshot taken after a request arrived sees every commit made before it, which is
// all a version needs; so one request's token check and kept answer share a snapshot, and requests
// arriving while one is on its way wait for the next, which serves them all: at most one snapshot
// query in flight and one waiting, however many requests are. Before, each request sent 2–3.
// The waiting one is sent in the turn's check phase (setImmediate), not as soon as the one in
// flight answers: requests read in the same turn as that answer then share it too (about 3.8
// requests per query instead of 2.7 under the list bench's load, each query a write and a read on
// the socket and a wake-up of the server process).
import { dialectOf } from './dialect.ts';
import type { Db } from './types.ts';

/** Moves with every ticket and every snapshot sent: a snapshot serves tickets lower than its own. */
let clock = 0;

const tickets = new WeakMap<object, number>();

/**
 * A point in time for `request` (its first call): snapshots sent after it see what was committed
 * before the request arrived, and so may answer for it.
 */
export function requestTicket(request: object): number {
  let t = tickets.get(request);
  if (t === undefined) tickets.set(request, (t = ++clock));
  return t;
}

/** A point in time now: only a snapshot sent from here on answers for it. */
export const nowTicket = () => ++clock;

interface Snapshots {
  /** The last snapshot sent, with the clock when it was sent. */
  last?: { sent: number; value: Promise<string> };
  inFlight: boolean;
  /** The next one, shared by everyone who asks until it is sent. */
  queued?: { value: Promise<string>; send: () => void };
}

const byDb = new WeakMap<Db, Snapshots>();

/** Sends the queued snapshot query unless one is still on its way. */
function flush(s: Snapshots): void {
  const q = s.queued;
  if (s.inFlight || !q) return;
  s.queued = undefined;
  q.send();
}

function query(db: Db): Promise<string> {
  const d = dialectOf(db);
  if (d.kind !== 'postgres') return Promise.reject(new Error('snapshots are taken on PostgreSQL only'));
  // The pool itself, not Kysely: nothing to compile, and a plain read has no write to record.
  return d.pg.pool.query<{ v: string }>('select txid_current_snapshot()::text as v').then((r) => r.rows[0]!.v);
}

function queue(db: Db, s: Snapshots): Promise<string> {
  let send!: () => void;
  const value = new Promise<string>((resolve, reject) => {
    send = () => {
      const sent = ++clock;
      const v = query(db);
      s.last = { sent, value: v };
      s.inFlight = true;
      const done = () => {
        s.inFlight = false;
        if (s.queued) setImmediate(flush, s);
      };
      v.then(done, () => {
        done();
        // A failed one answers nobody else.
        if (s.last?.value === v) s.last = undefined;
      });
      v.then(resolve, reject);
    };
  });
  s.queued = { value, send };
  if (!s.inFlight) setImmediate(flush, s);
  return value;
}

/** The cluster's snapshot (txid_current_snapshot()) as of a moment after `ticket`. */
export function snapshotAfter(db: Db, ticket: number): Promise<string> {
  let s = byDb.get(db);
  if (!s) byDb.set(db, (s = { inFlight: false }));
  if (s.last && s.last.sent > ticket) return s.last.value;
  return s.queued?.value ?? queue(db, s);
}
