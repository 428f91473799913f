// Clean text (issue #23): one rule for every string a request body carries, so nothing the API
// stores or passes to git holds a NUL byte or a lone surrogate (JSON.parse turns "\ud800" into
// one), and no single-line value (names, titles, full_name, theme, branch names…) holds a
// control character. Multi-line text (bodies, descriptions, messages, keys) may keep \n \r \t
// and other characters Gitea takes there.
//
// The check runs when a handler reads its validated body (c.req.valid('json' | 'form')), not in
// the validator: handlers authorize first and then read the body, so a caller who may not write
// still gets 401/403/404 before a 422, as Gitea orders them.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { unprocessable } from '../errors.ts';
import { LONE_SURROGATE } from '../git/identity.ts';

const NUL = /\0/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\0-\x1f\x7f]/;

/** Keys whose values are free text: they may hold line breaks, tabs and other controls (not NUL). */
const MULTI_LINE_KEYS = new Set([
  'body',
  'description',
  'message',
  'content',
  'mergemessagefield',
  'signature',
  'key',
  'password',
  'image',
  'attachment',
  'text',
]);

/** What is wrong with one string value under `key`, or undefined when it is clean. */
export function textProblem(value: string, key: string): string | undefined {
  if (NUL.test(value)) return 'must not contain a NUL byte';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode (it holds an unpaired surrogate)';
  if (!MULTI_LINE_KEYS.has(key.toLowerCase()) && CONTROL.test(value)) return 'must not contain control characters';
  return undefined;
}

/** The first unclean string in a parsed body, as "<field>: <problem>", or undefined. */
export function uncleanField(value: unknown, path: Array<string | number> = []): string | undefined {
  if (typeof value === 'string') {
    const key = [...path].reverse().find((p): p is string => typeof p === 'string') ?? '';
    const problem = textProblem(value, key);
    return problem && `${path.join('.') || 'body'}: ${problem}`;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = uncleanField(value[i], [...path, i]);
      if (hit) return hit;
    }
  } else if (value && typeof value === 'object' && !(value instanceof Blob)) {
    for (const [k, v] of Object.entries(value)) {
      // A key is text too (it may name a field, or be stored in a map).
      const hit = (textProblem(k, '') && `${[...path, k].join('.')}: ${textProblem(k, '')}`) || uncleanField(v, [...path, k]);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** Throws the 422 (naming the field) when a parsed body holds unclean text. */
export function assertCleanBody(value: unknown): void {
  const hit = uncleanField(value);
  if (hit) throw unprocessable(hit);
}

/**
 * Every API request: reading a validated JSON or form body checks it first (once), so no handler
 * sees unclean text and none needs to remember to check.
 */
export const cleanBodies: MiddlewareHandler<AppEnv> = async (c, next) => {
  const req = c.req;
  const valid = req.valid.bind(req) as (target: string) => unknown;
  const checked = new Set<string>();
  Object.defineProperty(req, 'valid', {
    configurable: true,
    value: (target: string) => {
      const data = valid(target);
      if ((target === 'json' || target === 'form') && !checked.has(target)) {
        assertCleanBody(data);
        checked.add(target);
      }
      return data;
    },
  });
  await next();
};
