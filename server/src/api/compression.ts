// compress() for the API, without its toll on clients that take no compression: Hono's compress
// sets Vary through c.header() after the answer is made, which rebuilds the answer as a stream;
// @hono/node-server then pipes it instead of writing the string it had, several times slower for
// a small JSON answer. Clients that send no Accept-Encoding get the same headers (Vary included,
// set on the answer's own headers) and an answer written directly; the others get compress().
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { requestHeader } from '../http/request-header.ts';

const THRESHOLD = 1024; // compress()'s default
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

/** compress()'s own test of whether it would consider this answer (and so add Vary). */
function compressible(c: Context): boolean {
  const res = c.res;
  const h = res.headers;
  if (res.status === 206 || h.has('Content-Encoding') || h.has('Transfer-Encoding') || c.req.method === 'HEAD') return false;
  const length = h.get('Content-Length');
  if (length && Number(length) < THRESHOLD) return false;
  const type = h.get('Content-Type');
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return false;
  const cacheControl = h.get('Cache-Control');
  return !cacheControl || !NO_TRANSFORM.test(cacheControl);
}

export function apiCompress(): MiddlewareHandler {
  const gzip = compress({ threshold: THRESHOLD });
  return async (c, next) => {
    if (requestHeader(c, 'accept-encoding')) return gzip(c, next);
    await next();
    if (!compressible(c)) return;
    const h = c.res.headers;
    const vary = h.get('Vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) h.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  };
}
