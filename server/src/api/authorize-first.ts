// Authorize before validating (Issue #23, compat.md "Order of checks"). Gitea's chain is token →
// repository or organization assignment → permission → body binding, so an anonymous caller or a
// stranger gets 401, 404 or 403 and never a 422 that tells them the body's schema.
//
// The router's validation hook does not answer a failed check at once: it records the failure
// here and lets the request on to the handler, which authorizes as it always does (requireUser,
// loadRepo, loadOrg, loadTeam…). The first c.req.valid() of an invalid part then throws the
// error the hook would have answered (422 for a body, 400 for the path or query). A handler
// therefore authorizes before it reads its input; server/test/authorize-first.test.ts holds every
// write route to that. Valid requests take the plain path: only readBodyFirst runs for them.
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { bufferToFormData } from 'hono/utils/buffer';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from '../errors.ts';

// The validators' order: the first failing one is the answer the hook used to give.
const ORDER = ['query', 'param', 'header', 'cookie', 'json', 'form'];

class Invalid {
  readonly errors = new Map<string, ApiError>();
  get error(): ApiError {
    const target = [...this.errors.keys()].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b))[0]!;
    return this.errors.get(target)!;
  }
  has(target: string) {
    return this.errors.has(target);
  }
}

const invalidInput = new WeakMap<Context, Invalid>();

function record(c: Context, target: string, error: ApiError) {
  let found = invalidInput.get(c);
  if (!found) invalidInput.set(c, (found = new Invalid()));
  if (!found.has(target)) found.errors.set(target, error);
}

/**
 * Records a failed validation of `target` and tells the validator to go on. The validator treats a
 * hook result with a `response` key as the answer and continues to the next middleware when that
 * answer is undefined (@hono/zod-validator); the test of this file notices if that changes.
 */
export function deferInvalid(c: Context, target: string, status: ContentfulStatusCode, message: string) {
  record(c, target, new ApiError(status, message));
  return { response: undefined as unknown as Response };
}

// @hono/zod-openapi's media type gate (its matchesMediaType), which answers 415 before the handler.
const JSON_REQUEST = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;
const MULTIPART_REQUEST = /^multipart\/form-data(;\s?boundary=[a-zA-Z0-9'"()+_,\-./:=?]+)?$/i;
const URLENCODED_REQUEST = /^application\/x-www-form-urlencoded(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;
const isForm = (type: string) => /^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type);

function matchesMediaType(contentType: string, mediaType: string): boolean {
  if (/^application\/([a-z-.]+\+)?json/i.test(mediaType)) return JSON_REQUEST.test(contentType);
  if (isForm(mediaType)) return MULTIPART_REQUEST.test(contentType) || URLENCODED_REQUEST.test(contentType);
  return contentType.split(';')[0]!.trim().toLowerCase() === mediaType.toLowerCase();
}

/**
 * A body of a media type the route does not declare, which the gate would answer 415 at once: the
 * 415 is recorded like a failed check and the request goes on as an empty body of the declared
 * type, so the handler's authorization (401, 404, 403) answers first (issue #23).
 */
async function deferUnsupportedMediaType(c: Context, declared: string[]): Promise<boolean> {
  const contentType = c.req.header('Content-Type');
  if (!declared.length || declared.includes('*/*')) return false;
  if (contentType ? declared.some((m) => matchesMediaType(contentType, m)) : (await c.req.arrayBuffer()).byteLength === 0) return false;
  const stand = declared[0]!;
  record(c, isForm(stand) ? 'form' : 'json', new ApiError(415, 'Unsupported Media Type'));
  const header = c.req.header.bind(c.req) as (name?: string) => unknown;
  // defineProperty: the gate and the validators read the type through c.req.header().
  Object.defineProperty(c.req, 'header', {
    configurable: true,
    value: (name?: string) => (name?.toLowerCase() === 'content-type' ? stand : header(name)),
  });
  // Hono keeps body promises here (its type says otherwise); the first one cached is what is read.
  const cache = c.req.bodyCache as Record<string, unknown>;
  for (const key of Object.keys(cache)) delete cache[key];
  if (isForm(stand)) cache.formData = new FormData();
  else cache.text = Promise.resolve('{}');
  return true;
}

/**
 * Route middleware (it runs before the validators) for a route with a body: a body that cannot be
 * parsed at all, which hono's validator would answer 400 at once, is recorded like a failed check
 * and read as empty, so the handler's authorization still answers first; so is a body of a media
 * type the route does not declare (415). `declared`: the route's request body media types.
 */
export const readBodyFirst =
  (declared: string[]): MiddlewareHandler =>
  async (c, next) => {
    if (await deferUnsupportedMediaType(c, declared)) return next();
    const contentType = c.req.header('Content-Type') ?? '';
    const type = contentType.split(';')[0]!.trim().toLowerCase();
    if (/^application\/([\w.-]+\+)?json$/.test(type)) {
      try {
        await c.req.json();
      } catch {
        record(c, 'json', new ApiError(400, 'Malformed JSON in request body'));
        // Hono keeps body promises here (its type says otherwise); json() parses this text.
        (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve('null');
      }
    } else if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') {
      // As hono's validator reads it, so that it finds the parsed form in the cache.
      try {
        c.req.bodyCache.formData = await bufferToFormData(await c.req.arrayBuffer(), contentType);
      } catch (e) {
        record(c, 'form', new ApiError(400, `Malformed FormData request. ${e instanceof Error ? e.message : String(e)}`));
        c.req.bodyCache.formData = new FormData();
      }
    }
    await next();
  };

/** Wraps a route handler: with invalid input, the handler's own checks answer first. */
export function authorizeFirst<H extends Handler<any, any, any, any>>(handler: H): H {
  return (async (c: Context, next: () => Promise<void>) => {
    const invalid = invalidInput.get(c);
    if (!invalid) return handler(c, next);
    const valid = c.req.valid.bind(c.req);
    let read = false;
    // defineProperty: another layer may have made `valid` its own read-only property.
    Object.defineProperty(c.req, 'valid', {
      configurable: true,
      value: (target: string) => {
        if (!invalid.has(target)) return valid(target as never);
        read = true;
        throw invalid.error;
      },
    });
    try {
      const res = await handler(c, next);
      // A handler that never read the invalid part still answers the validation error.
      return read ? res : Promise.reject(invalid.error);
    } catch (e) {
      // Refused before the input was read: that refusal (401, 403, 404…) is the answer.
      if (!read && e instanceof ApiError) throw e;
      throw invalid.error;
    }
  }) as unknown as H;
}
