// Security headers on every answer: the API, git over HTTP, raw files, attachments and the app.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { MiddlewareHandler } from 'hono';
import { deriveHeaders, plainPartsOf, sendPlain } from './plain-response.ts';

/** For everything that is not the app's page: nothing may load, run or frame it. */
const NONE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers every answer gets, where it does not bring its own. */
function secure(h: Headers): void {
  if (!h.has('X-Content-Type-Options')) h.set('X-Content-Type-Options', 'nosniff');
  if (!h.has('X-Frame-Options')) h.set('X-Frame-Options', 'DENY');
  if (!h.has('Referrer-Policy')) h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  const csp = h.get('Content-Security-Policy');
  // Raw files and attachments bring their own sandboxed policy; it gains frame-ancestors only.
  if (!csp) h.set('Content-Security-Policy', NONE_POLICY);
  else if (!/frame-ancestors/.test(csp)) h.set('Content-Security-Policy', `${csp}; frame-ancestors 'none'`);
}

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  // A kept answer sent again: its secured headers are worked out once (http/plain-response.ts).
  const parts = plainPartsOf(c.res);
  if (parts) return sendPlain(c, parts.body, deriveHeaders(parts.headers, 'secure', secure));
  secure(c.res.headers);
};

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The toast library (sonner) adds one <style> element with its stylesheet when it loads; it has
 * no option to ship it as a file. Its exact text is allowed by hash, read from the installed
 * package so an upgrade stays allowed, and no other inline style is. Without the package the
 * list is empty and toasts merely lose their styling.
 */
const injectedStyleHashes: string[] = (() => {
  try {
    const source = fs.readFileSync(createRequire(import.meta.url).resolve('sonner'), 'utf8');
    const sheets = [...source.matchAll(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/g)].map((m) => JSON.parse(m[1]!) as string);
    // It inserts the element empty, then adds the text: the empty state is checked too.
    return sheets.length ? [sha256(''), ...sheets.map(sha256)] : [];
  } catch {
    return [];
  }
})();

const inlineScripts = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;
let cached: { key: string; policy: string } | null = null;

/**
 * The app page's policy: scripts only from this origin, plus the page's own inline scripts by
 * hash (index.html applies the saved theme before first paint), never 'unsafe-inline'. Styles
 * come from the built stylesheet, plus the toast library's one <style> element by hash: React
 * sets style props through the CSSOM, which a policy does not restrict, so style attributes need
 * no allowance. Images may come from https hosts
 * (pictures and badges in READMEs and comments); the API may live on another origin when
 * config.json points the app there.
 */
export function appSecurityPolicy(html: string, rootUrl: string, apiBaseUrl?: string): string {
  const key = `${rootUrl}\n${apiBaseUrl ?? ''}\n${html}`;
  if (cached?.key === key) return cached.policy;
  const hashes = [...html.matchAll(inlineScripts)].map((m) => sha256(m[1] ?? ''));
  const origins = [...new Set([originOf(rootUrl), originOf(apiBaseUrl)].filter((o): o is string => !!o))];
  const policy = [
    "default-src 'self'",
    ['script-src', "'self'", ...hashes].join(' '),
    ['style-src', "'self'", ...injectedStyleHashes].join(' '),
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...origins].join(' '),
    ['connect-src', "'self'", ...origins].join(' '),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  cached = { key, policy };
  return policy;
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
