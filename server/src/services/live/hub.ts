// The in-process hub of live event streams (issue #20): channel → set of connections, one channel
// per repository a page watches and one per signed-in user (their inbox). An idle connection costs
// a map entry and its socket; one timer for the whole hub sends the heartbeats.
//
// Delivery re-checks access: for each message the repository is read again and every distinct
// user watching it is asked for their permission, so a repository made private or a collaborator
// removed stops receiving at once (their streams are closed, the page falls back to its reads).
// On PostgreSQL the hub also owns this process's LISTEN connection (db/live-notify.ts), opened
// with the first stream and closed a while after the last one ends.
import type { Deps } from '../../context.ts';
import type { RepoRow, UserRow } from '../../db/schema.ts';
import { isPostgres } from '../../db/dialect.ts';
import { listReposWithOwners } from '../../db/repo-lookup.ts';
import { listenLive, type LiveListener } from '../../db/live-notify.ts';
import { repoPermission, type RepoPermission } from '../permissions.ts';
import type { LiveMessage } from './messages.ts';

/** One open event stream, as the HTTP layer gives it to the hub. */
export interface LiveConnection {
  /** Who opened it (null: anonymous, public repositories only). */
  user: UserRow | null;
  /** Sends one event, already in the wire format (liveFrame): made once for every stream. */
  send(frame: string): void;
  /** Sends a comment line that keeps proxies from closing the idle stream. */
  ping(): void;
  /** Ends the stream. */
  close(): void;
}

export const HEARTBEAT_MS = 25_000;
const LISTENER_GRACE_MS = 30_000;
/**
 * How long after an event a new stream is told it may have missed one: a page reads its data, then
 * opens its stream, and an event between the two would otherwise never reach it.
 */
export const RECENT_MS = 30_000;
const MAX_REMEMBERED = 10_000;

/** The channels a message goes to: its repository's, or for the inbox its users'. */
const channelsOf = (m: LiveMessage) => (m.type === 'notifications.changed' ? (m.users ?? []).map((id) => `user:${id}`) : [`repo:${m.repoId}`]);

/** What a page is told: the message with the repository's name instead of its id. */
let sequence = 0;

/** One Server-Sent Event as written on the wire: its name, its data (one JSON line) and an id. */
export function liveFrame(event: string, data: string): string {
  return `event: ${event}\ndata: ${data}\nid: ${Date.now().toString(36)}-${(++sequence).toString(36)}\n\n`;
}

export function publicMessage(m: LiveMessage, repo?: RepoRow): Record<string, unknown> {
  const { repoId: _id, users: _users, ...rest } = m;
  return repo ? { ...rest, repo: `${repo.owner_name}/${repo.name}` } : rest;
}

function readable(perm: RepoPermission, m: LiveMessage): boolean {
  if (m.issue !== undefined) return perm.canReadIssuesOrPulls(m.pull ?? false);
  // Pushes, refs and statuses are about code.
  return perm.canRead('code');
}

export class LiveHub {
  readonly #channels = new Map<string, Set<LiveConnection>>();
  #count = 0;
  #heartbeat: NodeJS.Timeout | undefined;
  #listener: Promise<LiveListener> | undefined;
  #listenerTimer: NodeJS.Timeout | undefined;
  /** When each channel last carried an event (oldest first), for recentlyActive(). */
  readonly #lastEvent = new Map<string, number>();
  /** When this process began to listen (PostgreSQL): other processes' events before then are unknown. */
  #listeningSince: number | undefined;
  /** Where announcements heard from PostgreSQL go (the subscriber sets it). */
  onAnnouncement: (payload: string) => void = () => undefined;

  constructor(readonly deps: Deps) {}

  get size(): number {
    return this.#count;
  }

  /** Ready to hear every process's events: on PostgreSQL, once LISTEN is in place. */
  async ready(): Promise<void> {
    if (!isPostgres(this.deps.db)) return;
    if (this.#listenerTimer) clearTimeout(this.#listenerTimer);
    this.#listenerTimer = undefined;
    if (!this.#listener) {
      this.#listeningSince = Date.now();
      const opening = listenLive(
        this.deps.db,
        (p) => this.onAnnouncement(p),
        () => {
          // The connection dropped: the next stream (or this retry) opens a new one.
          if (this.#listener === opening) this.#listener = undefined;
          if (this.#count > 0) void this.ready().catch(() => undefined);
        },
      );
      this.#listener = opening;
      opening.catch(() => {
        if (this.#listener === opening) this.#listener = undefined;
      });
    }
    await this.#listener;
  }

  /** Adds a stream to the repository's channel (if any) and the user's own; returns its removal. */
  add(conn: LiveConnection, repoId: number | undefined): () => void {
    const keys = [repoId !== undefined ? `repo:${repoId}` : null, conn.user ? `user:${conn.user.id}` : null].filter((k): k is string => k !== null);
    for (const key of keys) {
      let set = this.#channels.get(key);
      if (!set) this.#channels.set(key, (set = new Set()));
      set.add(conn);
    }
    this.#count++;
    if (!this.#heartbeat) {
      this.#heartbeat = setInterval(() => this.#pingAll(), HEARTBEAT_MS);
      this.#heartbeat.unref();
    }
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      for (const key of keys) {
        const set = this.#channels.get(key);
        set?.delete(conn);
        if (set && set.size === 0) this.#channels.delete(key);
      }
      this.#count--;
      if (this.#count === 0) this.#idle();
    };
  }

  /** Remembers that the message's channels carried an event now (whether or not anyone listens). */
  note(m: LiveMessage): void {
    const now = Date.now();
    for (const key of channelsOf(m)) {
      this.#lastEvent.delete(key);
      this.#lastEvent.set(key, now);
    }
    for (const key of this.#lastEvent.keys()) {
      if (this.#lastEvent.size <= MAX_REMEMBERED) break;
      this.#lastEvent.delete(key);
    }
  }

  /**
   * Whether a stream opening now on the repository's channel (and the user's) may have missed an
   * event of the last RECENT_MS: one was noted, or on PostgreSQL this process began listening only
   * within that time, so another process's events before then are unknown.
   */
  recentlyActive(repoId: number | undefined, user: UserRow | null): boolean {
    const since = Date.now() - RECENT_MS;
    if (isPostgres(this.deps.db) && (this.#listeningSince ?? 0) > since) return true;
    const keys = [repoId !== undefined ? `repo:${repoId}` : null, user ? `user:${user.id}` : null];
    return keys.some((k) => k !== null && (this.#lastEvent.get(k) ?? 0) > since);
  }

  /** Hands a message to the streams that may see it. */
  async deliver(m: LiveMessage): Promise<void> {
    if (m.type === 'notifications.changed') {
      const frame = liveFrame(m.type, JSON.stringify({ type: m.type }));
      for (const id of m.users ?? []) for (const conn of this.#channels.get(`user:${id}`) ?? []) conn.send(frame);
      return;
    }
    const conns = this.#channels.get(`repo:${m.repoId}`);
    if (!conns?.size) return;
    const { repos, owners } = await listReposWithOwners(this.deps.db, [m.repoId]);
    const repo = repos[0];
    const owner = repo && owners.find((o) => o.id === repo.owner_id);
    if (!repo || !owner) {
      for (const conn of [...conns]) conn.close();
      return;
    }
    const frame = liveFrame(m.type, JSON.stringify(publicMessage(m, repo)));
    // One permission question per user watching, whatever the number of their tabs.
    const byUser = new Map<number, LiveConnection[]>();
    for (const conn of conns) {
      const id = conn.user?.id ?? 0;
      const list = byUser.get(id) ?? [];
      list.push(conn);
      byUser.set(id, list);
    }
    for (const list of byUser.values()) {
      const perm = await repoPermission(this.deps.db, list[0]!.user, repo, owner);
      for (const conn of list) {
        if (!perm.canReadAny()) conn.close();
        else if (readable(perm, m)) conn.send(frame);
      }
    }
  }

  /** Ends every stream (a clean stop must not wait for them) and the LISTEN connection. */
  closeAll(): void {
    const all = new Set<LiveConnection>();
    for (const set of this.#channels.values()) for (const conn of set) all.add(conn);
    for (const conn of all) conn.close();
    void this.#closeListener();
  }

  #pingAll(): void {
    const seen = new Set<LiveConnection>();
    for (const set of this.#channels.values())
      for (const conn of set) {
        if (seen.has(conn)) continue;
        seen.add(conn);
        conn.ping();
      }
  }

  #idle(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
    if (!this.#listener || this.#listenerTimer) return;
    this.#listenerTimer = setTimeout(() => void this.#closeListener(), LISTENER_GRACE_MS);
    this.#listenerTimer.unref();
  }

  async #closeListener(): Promise<void> {
    if (this.#listenerTimer) clearTimeout(this.#listenerTimer);
    this.#listenerTimer = undefined;
    const l = this.#listener;
    this.#listener = undefined;
    if (l) await (await l.catch(() => null))?.close();
  }
}
