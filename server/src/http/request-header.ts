// A request header read without building the request's Headers. @hono/node-server hands Hono a
// light Request whose `headers` become an undici Headers object on first use, built from every
// header the client sent: about 4 KB and a few µs per request, for the one or two headers the
// middleware on every API call reads (issue #22). Read from the node request's raw headers
// instead, as Headers.get() would answer (values of a repeated header joined with ", "); through
// Hono where no node request exists (tests' app.request()).
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** The header `name` (lower case) of this request, or undefined. */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming?.rawHeaders) return c.req.header(name);
  const raw = incoming.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === name.length && key.toLowerCase() === name) value = value === undefined ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
  }
  return value;
}
