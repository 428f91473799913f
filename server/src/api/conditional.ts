// Conditional GETs (ETag / If-None-Match → 304) for answers that only change when git objects do:
// commit lists and commits, contents, blobs and trees. The tag is a hash of the answer itself
// (with the paging headers), so it is right whoever asks and whatever the handler read: the
// handler still runs every time (permission checks included) and a 304 saves the transfer.
// Weak, because compression may change the bytes on the wire.
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

const HASHED_HEADERS = ['X-Total-Count', 'X-Total', 'X-HasMore', 'Link', 'Content-Type'];
const MAX_BYTES = 8 * 1024 * 1024;

function matches(ifNoneMatch: string, etag: string): boolean {
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

export const conditionalGet: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return;
  const res = c.res;
  const type = res.headers.get('Content-Type') ?? '';
  if (res.status !== 200 || res.headers.has('ETag') || !res.body || !/^(application\/json|text\/plain)/.test(type)) return;
  const length = Number(res.headers.get('Content-Length') ?? 0);
  if (length > MAX_BYTES) return;
  const body = new Uint8Array(await res.arrayBuffer());
  const h = createHash('sha1');
  for (const name of HASHED_HEADERS) h.update(`${name}:${res.headers.get(name) ?? ''}\n`);
  const etag = `W/"${h.update(body).digest('base64url')}"`;
  const headers = new Headers(res.headers);
  headers.set('ETag', etag);
  const inm = c.req.header('If-None-Match');
  if (inm && matches(inm, etag)) {
    headers.delete('Content-Length');
    headers.delete('Content-Type');
    // Replace outright (not through c.res, which would copy the old headers back).
    c.res = undefined as unknown as Response;
    c.res = new Response(null, { status: 304, headers });
    return;
  }
  c.res = undefined as unknown as Response;
  c.res = new Response(body, { status: 200, headers });
};
