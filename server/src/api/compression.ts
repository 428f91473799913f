// compress() for the API, without its toll on clients that take no compression: Hono's compress
// sets Vary through c.header() after the answer is made, which rebuilds the answer as a stream;
// @hono/node-server then pipes it instead of writing the string it had, several times slower for
// a small JSON answer. Clients that send no Accept-Encoding get the same headers (Vary included,
// set on the answer's own headers) and an answer written directly; the others get compress().
// A kept answer sent again (api/answer-memo.ts) is compressed once: its compressed bytes are kept
// with it and sent with the headers compress() gives, where compress() would pipe the same bytes
// through a CompressionStream on every request (issue #22).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { requestHeader } from '../http/request-header.ts';
import { keptBodyOf } from './answer-memo.ts';

const THRESHOLD = 1024; // compress()'s default
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

type Encoding = 'gzip' | 'deflate';
// CompressionStream('gzip') and ('deflate') are zlib's gzip and deflate (zlib format) at their defaults.
const compressors: Record<Encoding, (b: Uint8Array) => Promise<Buffer>> = { gzip: promisify(zlib.gzip), deflate: promisify(zlib.deflate) };
const compressed = new WeakMap<Uint8Array, Partial<Record<Encoding, Promise<Buffer>>>>();

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

/** Adds Accept-Encoding to the answer's Vary, as compress() does. */
function varyOnEncoding(h: Headers): void {
  const vary = h.get('Vary');
  if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) h.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** compress()'s choice among gzip and deflate for this Accept-Encoding. */
function selectEncoding(header: string): Encoding | undefined {
  const accepts = parseAccept(header);
  const wildcardQ = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ['gzip', 'deflate'] as const) {
    const explicit = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : (wildcardQ ?? 0);
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** A kept answer compressed as compress() would, from bytes made once per answer and encoding. */
async function compressKept(c: Context, body: Uint8Array<ArrayBuffer>, accepted: string): Promise<void> {
  const encoding = selectEncoding(accepted);
  if (!encoding) return varyOnEncoding(c.res.headers);
  const h = new Headers(c.res.headers);
  varyOnEncoding(h);
  let forms = compressed.get(body);
  if (!forms) compressed.set(body, (forms = {}));
  const made = (forms[encoding] ??= compressors[encoding](body));
  const bytes = await made.catch((e: unknown) => {
    if (forms[encoding] === made) delete forms[encoding];
    throw e;
  });
  h.delete('Content-Length');
  h.set('Content-Encoding', encoding);
  const etag = h.get('ETag');
  if (etag && !etag.startsWith('W/')) h.set('ETag', `W/${etag}`);
  // Replace outright (not through c.res, which would copy the old headers back).
  c.res = undefined as unknown as Response;
  c.res = new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), { status: 200, headers: h });
}

export function apiCompress(): MiddlewareHandler {
  const gzip = compress({ threshold: THRESHOLD });
  return async (c, next) => {
    const accepted = requestHeader(c, 'accept-encoding');
    if (accepted) {
      await next();
      const kept = keptBodyOf(c.res);
      if (kept && compressible(c)) return compressKept(c, kept, accepted);
      // compress() on the answer as it is.
      return gzip(c, () => Promise.resolve());
    }
    await next();
    if (!compressible(c)) return;
    varyOnEncoding(c.res.headers);
  };
}
