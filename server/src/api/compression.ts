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
import { deriveFrom, deriveHeaders, plainPartsOf, sendPlain } from '../http/plain-response.ts';
import { keptBodyOf } from './answer-memo.ts';

const THRESHOLD = 1024; // compress()'s default
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

type Encoding = 'gzip' | 'deflate';
// CompressionStream('gzip') and ('deflate') are zlib's gzip and deflate (zlib format) at their defaults.
const compressors: Record<Encoding, (b: Uint8Array) => Promise<Buffer>> = { gzip: promisify(zlib.gzip), deflate: promisify(zlib.deflate) };
const compressed = new WeakMap<Uint8Array, Partial<Record<Encoding, Promise<Buffer>>>>();

/** compress()'s own test of whether it would consider an answer with these headers (and so add Vary). */
function compressibleHeaders(h: Headers): boolean {
  if (h.has('Content-Encoding') || h.has('Transfer-Encoding')) return false;
  const length = h.get('Content-Length');
  if (length && Number(length) < THRESHOLD) return false;
  const type = h.get('Content-Type');
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return false;
  const cacheControl = h.get('Cache-Control');
  return !cacheControl || !NO_TRANSFORM.test(cacheControl);
}

const compressible = (c: Context) => c.res.status !== 206 && c.req.method !== 'HEAD' && compressibleHeaders(c.res.headers);

/** Adds Accept-Encoding to the answer's Vary, as compress() does. */
function varyOnEncoding(h: Headers): void {
  const vary = h.get('Vary');
  if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) h.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** The Vary of an answer compress() would consider (an answer of status 200 to a GET). */
function varyIfCompressible(h: Headers): void {
  if (compressibleHeaders(h)) varyOnEncoding(h);
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

/**
 * A kept answer (status 200, to a GET) compressed as compress() would, from bytes made once per
 * answer and encoding, with headers worked out once per answer and encoding when it comes plain
 * (http/plain-response.ts).
 */
async function compressKept(c: Context, body: Uint8Array<ArrayBuffer>, accepted: string): Promise<void> {
  const parts = plainPartsOf(c.res);
  const headers = parts?.headers ?? [...c.res.headers];
  const encoding = selectEncoding(accepted);
  if (!encoding || !deriveFrom(headers, 'compressible', compressibleHeaders)) return sendPlain(c, body, deriveHeaders(headers, 'vary', varyIfCompressible));
  let forms = compressed.get(body);
  if (!forms) compressed.set(body, (forms = {}));
  const made = (forms[encoding] ??= compressors[encoding](body));
  const bytes = await made.catch((e: unknown) => {
    if (forms[encoding] === made) delete forms[encoding];
    throw e;
  });
  const encoded = deriveHeaders(headers, encoding, (h) => {
    varyOnEncoding(h);
    h.delete('Content-Length');
    h.set('Content-Encoding', encoding);
    const etag = h.get('ETag');
    if (etag && !etag.startsWith('W/')) h.set('ETag', `W/${etag}`);
  });
  sendPlain(c, new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), encoded);
}

export function apiCompress(): MiddlewareHandler {
  const gzip = compress({ threshold: THRESHOLD });
  return async (c, next) => {
    const accepted = requestHeader(c, 'accept-encoding');
    await next();
    // Kept answers are answers of status 200 to a GET.
    const kept = keptBodyOf(c.res);
    if (accepted) {
      if (kept) return compressKept(c, kept, accepted);
      // compress() on the answer as it is.
      return gzip(c, () => Promise.resolve());
    }
    const parts = plainPartsOf(c.res);
    if (parts) return sendPlain(c, parts.body, deriveHeaders(parts.headers, 'vary', varyIfCompressible));
    if (compressible(c)) varyOnEncoding(c.res.headers);
  };
}
