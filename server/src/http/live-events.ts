// GET /api/v1/events?repo={owner}/{name}: the live pages' Server-Sent Events stream (issue #20),
// an extension Gitea lacks (the web app then polls). It carries the repository's domain events
// (type and ids only; the page refetches through the API) and the signed-in user's own channel
// (notifications.changed). Access is the repository's read access, checked here at connect (404
// for a private repository the caller cannot see, as the reads) and again by the hub on every
// delivery. Not part of the OpenAPI document: an endless answer has no place in generated clients.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../context.ts';
import { notFound, unauthorized } from '../errors.ts';
import type { LiveConnection } from '../services/live/hub.ts';
import { loadRepo } from './repo-context.ts';

export const liveEventsHttp = new Hono<AppEnv>();

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RETRY_MS = 3000;

liveEventsHttp.get('/api/v1/events', async (c) => {
  const hub = c.var.deps.live;
  if (!hub) throw notFound();
  const user = c.var.user;
  const repoParam = c.req.query('repo');
  let repoId: number | undefined;
  if (repoParam !== undefined) {
    const [owner, name, ...rest] = repoParam.split('/');
    if (!owner || !name || rest.length) throw notFound();
    repoId = (await loadRepo(c, owner, name, 'read')).repo.id;
  } else if (!user) {
    throw unauthorized();
  }
  await hub.ready();
  // A browser reconnecting after a drop says which event it saw last; events are not kept, so it
  // is told to refetch what it shows instead. A new stream is told when an event may have come
  // between the page's reads and now (`recent`): it then refetches too.
  const resumed = c.req.header('Last-Event-ID') !== undefined;
  const recent = !resumed && hub.recentlyActive(repoId, user);
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let end: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const conn: LiveConnection = {
      user,
      send(frame) {
        void stream.write(frame);
      },
      ping() {
        void stream.write(': ping\n\n');
      },
      close: () => end(),
    };
    const remove = hub.add(conn, repoId);
    stream.onAbort(() => end());
    await stream.writeSSE({ event: resumed ? 'resync' : 'ready', data: recent ? '{"recent":true}' : '{}', retry: RETRY_MS });
    await ended;
    remove();
  });
});
