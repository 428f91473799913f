// Live pages across server processes (issue #20): on PostgreSQL each process keeps one dedicated
// connection LISTENing on the `forge_events` channel, and a write's domain event is announced with
// NOTIFY (only ids, under PostgreSQL's 8000-byte payload limit), so every process — the writer's
// too — hears it and hands it to its own event streams. SQLite (one process) needs none of this.
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from './types.ts';
import { dialectOf, onDialectClose } from './dialect.ts';

export const LIVE_CHANNEL = 'forge_events';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7900;

export interface LiveListener {
  close(): Promise<void>;
}

/** Announces a payload to every process listening (PostgreSQL only; delivered after the statement's commit). */
export async function notifyLive(db: Db, payload: string): Promise<void> {
  await sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(db);
}

/**
 * Opens this process's listening connection; `onPayload` gets every payload announced by any
 * process. `onLost` is told when the connection drops (the caller opens a new one).
 */
export async function listenLive(db: Db, onPayload: (payload: string) => void, onLost: () => void): Promise<LiveListener> {
  const d = dialectOf(db);
  if (d.kind !== 'postgres') throw new Error('listenLive needs PostgreSQL');
  const options = (d.pg.pool as unknown as { options: pg.ClientConfig }).options;
  const client = new pg.Client({ ...options });
  let closing = false;
  client.on('notification', (n) => {
    if (n.channel === LIVE_CHANNEL && n.payload) onPayload(n.payload);
  });
  client.on('error', (e) => {
    if (!closing) console.error('PostgreSQL live events connection error:', e.message);
  });
  client.on('end', () => {
    if (!closing) onLost();
  });
  const close = async () => {
    closing = true;
    forget();
    await client.end().catch(() => undefined);
  };
  // Closing the database ends this connection too (a DROP DATABASE after tests must not wait on it).
  const forget = onDialectClose(db, close);
  try {
    await client.connect();
    await client.query(`LISTEN ${LIVE_CHANNEL}`);
  } catch (e) {
    await close();
    throw e;
  }
  return { close };
}
