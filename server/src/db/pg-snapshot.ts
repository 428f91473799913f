// PostgreSQL snapshots for kept answers (db/index.ts sharedDbVersion, scopedDbVersion), shared
// (issue #22). A snapshot taken after a request arrived sees every commit made before it, which is
// all a version needs; so one request's token check and kept answer share a snapshot, and requests
// arriving while one is on its way wait for the next, which serves them all: at most one snapshot
// query in flight and one waiting, however many requests are. Before, each request sent 2–3.
import { sql } from 'kysely';
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
  inFlight?: Promise<string>;
  /** The one sent when the one in flight answers, shared by everyone who asked meanwhile. */
  next?: Promise<string>;
}

const byDb = new WeakMap<Db, Snapshots>();

function send(db: Db, s: Snapshots): Promise<string> {
  const sent = ++clock;
  const value = sql<{ v: string }>`select txid_current_snapshot()::text as v`.execute(db).then((r) => r.rows[0]!.v);
  s.last = { sent, value };
  s.inFlight = value;
  const done = () => {
    if (s.inFlight === value) s.inFlight = undefined;
    // A failed one answers nobody else.
  };
  value.then(done, () => {
    done();
    if (s.last?.value === value) s.last = undefined;
  });
  return value;
}

/** The cluster's snapshot (txid_current_snapshot()) as of a moment after `ticket`. */
export function snapshotAfter(db: Db, ticket: number): Promise<string> {
  let s = byDb.get(db);
  if (!s) byDb.set(db, (s = {}));
  if (s.last && s.last.sent > ticket) return s.last.value;
  if (!s.inFlight) return send(db, s);
  const snapshots = s;
  const after = () => {
    snapshots.next = undefined;
    return send(db, snapshots);
  };
  return (s.next ??= s.inFlight.then(after, after));
}
