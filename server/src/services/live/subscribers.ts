// Live pages subscribe to the domain events (issue #20), registered last in createApp so that
// what earlier subscribers do (a pull request's refresh, notifications) is done when a page is
// told. One process (SQLite): the event goes straight to this process's hub. Several processes
// (PostgreSQL): it is announced with NOTIFY and every process's hub — this one's too — gets it
// from its LISTEN connection. Either way the writer does not wait for the streams.
import type { Deps } from '../../context.ts';
import { isPostgres } from '../../db/dialect.ts';
import { MAX_PAYLOAD_BYTES, notifyLive } from '../../db/live-notify.ts';
import type { EventBus } from '../events.ts';
import { LiveHub } from './hub.ts';
import { LIVE_EVENT_TYPES, toLiveMessage, type LiveMessage } from './messages.ts';

const report = (e: unknown) => console.error('live events:', e instanceof Error ? e.message : e);

/** The payloads announcing `m`, each under PostgreSQL's limit (a long list of users split up). */
export function payloadsOf(m: LiveMessage): string[] {
  const whole = JSON.stringify(m);
  if (Buffer.byteLength(whole) <= MAX_PAYLOAD_BYTES || !m.users) return [whole];
  const out: string[] = [];
  for (let i = 0; i < m.users.length; i += 500) out.push(JSON.stringify({ ...m, users: m.users.slice(i, i + 500) }));
  return out;
}

function parseAnnouncement(payload: string): LiveMessage | null {
  try {
    const m = JSON.parse(payload) as LiveMessage;
    return typeof m?.type === 'string' && /^[a-z.-]+$/.test(m.type) && typeof m.repoId === 'number' ? m : null;
  } catch {
    return null;
  }
}

export function registerLiveSubscribers(events: EventBus, deps: Deps): LiveHub {
  const hub = new LiveHub(deps);
  hub.onAnnouncement = (payload) => {
    const m = parseAnnouncement(payload);
    if (!m) return;
    // Every process's events, this one's included, are heard here while it listens.
    hub.note(m);
    hub.deliver(m).catch(report);
  };
  const publish = async (m: LiveMessage, d: Deps) => {
    if (isPostgres(d.db)) {
      // Awaited (a NOTIFY is one short statement): no query is left running on the writer's
      // connection after the write returns, which a closing pool or a released lock would cut.
      await Promise.all(payloadsOf(m).map((p) => notifyLive(d.db, p).catch(report)));
    } else {
      // Noted whether or not a stream listens: one opening next may have missed it (hub.ts).
      hub.note(m);
      if (hub.size > 0) hub.deliver(m).catch(report);
    }
  };
  for (const type of LIVE_EVENT_TYPES) events.on(type, (e, d) => publish(toLiveMessage(e), d));
  return hub;
}
