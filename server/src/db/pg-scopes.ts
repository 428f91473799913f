// The PostgreSQL side of db/write-scopes.ts (issue #22). Kysely's connections are wrapped so that
// this process's writes are recorded by scope when they commit, and the transaction id of each of
// its committing transactions is known (txid_current_if_assigned(), one more round trip per write
// transaction; a lone write statement runs inside BEGIN … COMMIT for it). A later snapshot
// (txid_current_snapshot(), the query answer-memo.ts asked before) shows which transactions ended
// since the last one: any that is not ours is another process's commit, which moves the epoch
// (every kept answer recomputed), as every commit did before.
import type pg from 'pg';
import { recordWrite, type WriteBook } from './write-scopes.ts';

const BEGIN_RE = /^\s*(?:begin|start transaction)\b/i;
const END_RE = /^\s*(?:commit|end|rollback)\s*$/i;
const ROLLBACK_RE = /^\s*rollback\s*$/i;
// A SELECT takes no transaction id unless it locks rows, notifies or moves a sequence.
const PURE_READ_RE = /^\s*select\b/i;
const TAKES_ID_RE = /\b(?:insert|update|delete|pg_notify|nextval|setval|txid_current)\b|\bfor (?:no key )?(?:update|share|key share)\b/i;
const takesId = (text: string) => !PURE_READ_RE.test(text) || TAKES_ID_RE.test(text);
// Data writes run in a transaction of their own to learn their id; schema and server statements
// (CREATE DATABASE, VACUUM) may not run in one: they are recorded as writes to everything.
const DATA_WRITE_RE = /^\s*(?:insert|update|delete|with|merge)\b/i;

export interface PgScopes {
  book: WriteBook;
  /** Transaction ids of this process's commits not yet seen ended by a snapshot. */
  own: Set<number>;
  /** The last snapshot looked at (its text: requests sharing one look at it once), its xmax and the ids running then. */
  seen?: { text: string; xmin: number; xmax: number; running: Set<number> };
}

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

interface TxState {
  open: boolean;
  /** A statement that takes (or may take) a transaction id ran in it. */
  takes: boolean;
  pending: [string, unknown[]][];
}

/**
 * Notes the running transaction's id as ours. `force` takes one now: a NOTIFY is given its id only
 * while committing, after txid_current_if_assigned() would have said it had none.
 */
async function ownId(query: Query, scopes: PgScopes, force: boolean) {
  const r = await query(force ? 'select txid_current()::text as x' : 'select txid_current_if_assigned()::text as x');
  const x = (r.rows[0] as { x: string | null } | undefined)?.x;
  if (x) scopes.own.add(Number(x));
}

/** A client whose queries are recorded (see above); one wrapper per pooled client. */
function wrapClient(client: pg.PoolClient, scopes: PgScopes): pg.PoolClient {
  const query = client.query.bind(client) as unknown as Query;
  const tx: TxState = { open: false, takes: false, pending: [] };
  const publish = () => {
    for (const [text, values] of tx.pending) recordWrite(scopes.book, text, values);
    tx.pending = [];
  };
  const wrapped = async (text: string, values: unknown[] = []) => {
    if (typeof text !== 'string') return query(text, values);
    if (BEGIN_RE.test(text)) {
      const r = await query(text, values);
      tx.open = true;
      tx.takes = false;
      tx.pending = [];
      return r;
    }
    if (END_RE.test(text)) {
      try {
        if (tx.open && !ROLLBACK_RE.test(text)) await ownId(query, scopes, tx.takes);
        return await query(text, values);
      } finally {
        tx.open = false;
        // After the commit: an answer made before it, with the old rows, is not kept under the new version.
        publish();
      }
    }
    if (tx.open) {
      if (takesId(text)) {
        tx.takes = true;
        tx.pending.push([text, values]);
      }
      return query(text, values);
    }
    if (!takesId(text)) return query(text, values);
    if (!DATA_WRITE_RE.test(text) && !PURE_READ_RE.test(text)) {
      try {
        return await query(text, values);
      } finally {
        recordWrite(scopes.book, text, values);
      }
    }
    // A lone write: in a transaction of its own, to learn its id before it commits.
    await query('begin');
    let r: pg.QueryResult;
    try {
      r = await query(text, values);
      await ownId(query, scopes, true);
    } catch (e) {
      await query('rollback').catch(() => undefined);
      recordWrite(scopes.book, text, values);
      throw e;
    }
    try {
      await query('commit');
    } finally {
      recordWrite(scopes.book, text, values);
    }
    return r;
  };
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return wrapped;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The pool Kysely is given: the same connections, each wrapped once. */
export function scopedPool(pool: pg.Pool, scopes: PgScopes): pg.Pool {
  const wrappers = new WeakMap<pg.PoolClient, pg.PoolClient>();
  const connect = async () => {
    const client = await pool.connect();
    let w = wrappers.get(client);
    if (!w) wrappers.set(client, (w = wrapClient(client, scopes)));
    return w;
  };
  return new Proxy(pool, {
    get(target, key) {
      if (key === 'connect') return connect;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const MAX_RANGE = 10_000;

/**
 * Takes a snapshot (`xmin:xmax:running,…`) into account: when a transaction that is not ours
 * ended since the last snapshot, another process may have committed, and the epoch moves.
 */
export function noteSnapshot(scopes: PgScopes, snapshot: string): void {
  if (snapshot === scopes.seen?.text) return;
  const [a, b, list] = snapshot.split(':');
  const xmin = Number(a);
  const xmax = Number(b);
  const running = new Set(list ? list.split(',').map(Number) : []);
  const seen = scopes.seen;
  if (seen && xmax < seen.xmax) return; // an older snapshot answered late: the newer one was looked at
  let foreign = !seen;
  if (seen) {
    if (xmax - seen.xmax > MAX_RANGE) foreign = true;
    for (let id = seen.xmax; !foreign && id < xmax; id++) if (!running.has(id) && !scopes.own.has(id)) foreign = true;
    for (const id of seen.running) if (!foreign && !running.has(id) && !scopes.own.has(id)) foreign = true;
  }
  if (foreign) scopes.book.epoch++;
  scopes.seen = { text: snapshot, xmin, xmax, running };
  for (const id of scopes.own) if (id < xmin) scopes.own.delete(id);
}
