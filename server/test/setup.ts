// Runs before every server test file. The files share worker processes (vitest.config.ts,
// isolate: false), so what one file changes in the process must not reach the next:
// @hono/node-server's serve() swaps globalThis.Request/Response for its own lightweight classes
// for the rest of the process (a Response it builds keeps header changes made after the fact only
// while it is written to a socket, not when read back through app.request()). Each file ends with
// the globals it started with.
import { afterAll } from 'vitest';

const saved = (['Request', 'Response'] as const).map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)!] as const);

afterAll(() => {
  for (const [name, descriptor] of saved) Object.defineProperty(globalThis, name, descriptor);
});
