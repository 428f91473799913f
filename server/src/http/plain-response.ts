// Answers made from known parts, so the layers around a kept answer (api/answer-memo.ts) add their
// headers once per answer instead of once per request (issue #22). Reading `res.headers` of an
// answer @hono/node-server would write from its parts makes a Headers of them, each set() then
// validates again, and the server makes its header object from that Headers. A plain answer
// carries its parts beside it: a layer works out the headers it adds from the previous layer's
// header list once, keeps the result with that list, and passes on a new plain answer; the server
// writes the last one's headers as they are.
import type { Context } from 'hono';

/** Status 200, these headers (lower-case names, as Headers lists them), these bytes. */
export interface PlainParts {
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
}

/** On a plain answer: its parts, and the header object it was made with. */
const PLAIN = Symbol('plain parts');
interface Plain {
  [PLAIN]?: { parts: PlainParts; init: Record<string, string> };
}

/**
 * A header list as an object, when no name repeats (Set-Cookie can) and none would be taken for
 * the object's prototype; null otherwise.
 */
const records = new WeakMap<[string, string][], Record<string, string> | null>();
function recordOf(headers: [string, string][]): Record<string, string> | null {
  let r = records.get(headers);
  if (r === undefined) {
    const o: Record<string, string> = {};
    r = o;
    for (const [k, v] of headers) {
      if (Object.hasOwn(o, k) || k === '__proto__') {
        r = null;
        break;
      }
      o[k] = v;
    }
    records.set(headers, r);
  }
  return r;
}

/** @hono/node-server's answers keep what they were made from under a symbol of this name. */
let cacheKey: symbol | undefined;
function madeFrom(res: Response): unknown[] | undefined {
  if (!cacheKey) cacheKey = Object.getOwnPropertySymbols(res).find((s) => s.description === 'cache');
  const v = cacheKey && (res as unknown as Record<symbol, unknown>)[cacheKey];
  return Array.isArray(v) ? v : undefined;
}

/**
 * The parts of a plain answer nobody has changed since it was made; undefined for any other. Any
 * read of its headers (another layer adding one) makes them a Headers that may differ from the
 * parts, and so does any read of its body: then it is an answer like any other.
 */
export function plainPartsOf(res: Response | undefined): PlainParts | undefined {
  const p = (res as Plain | undefined)?.[PLAIN];
  if (!p) return undefined;
  return madeFrom(res!)?.[2] === p.init ? p.parts : undefined;
}

/** A status 200 answer of these parts, known as plain to the layers outside. */
export function plainResponse(body: Uint8Array<ArrayBuffer>, headers: [string, string][]): Response {
  const record = recordOf(headers);
  // Its own copy: the server adds Content-Length to the object it writes.
  const init = record ? { ...record } : null;
  const res = new Response(body, { status: 200, headers: init ?? headers });
  if (init) (res as Plain)[PLAIN] = { parts: { body, headers }, init };
  return res;
}

const derived = new WeakMap<[string, string][], Map<string, unknown>>();

/** What `work` makes of a header list, worked out once per list and `key`: it must depend on nothing but the headers. */
export function deriveFrom<T>(headers: [string, string][], key: string, work: (h: Headers) => T): T {
  let byKey = derived.get(headers);
  if (!byKey) derived.set(headers, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, work(new Headers(headers)));
  return byKey.get(key) as T;
}

/** `change` applied to a copy of `headers`, as a header list, worked out once per list and `key`. */
export function deriveHeaders(headers: [string, string][], key: string, change: (h: Headers) => void): [string, string][] {
  return deriveFrom(headers, key, (h) => {
    change(h);
    return [...h];
  });
}

/** Makes the context's answer a plain one of these parts. */
export function sendPlain(c: Context, body: Uint8Array<ArrayBuffer>, headers: [string, string][]): void {
  // Replace outright (not through c.res, which would copy the old headers back).
  c.res = undefined as unknown as Response;
  c.res = plainResponse(body, headers);
}
