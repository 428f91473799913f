// Hono's router with its answers kept by method and path. The app's 840 routes make Hono's
// SmartRouter fall back from its RegExpRouter to the TrieRouter (a static segment after a
// parameter at the same place, as /repos/search beside /repos/:owner/:repo, is something the
// RegExpRouter refuses), whose search walks the tree and allocates its handler list and parameter
// objects on every request: about 8 µs and 5 KB per API request under load (issue #22). A path asked
// again (a list's pages, the bell's count, a repository's home) now costs one Map lookup. Hono
// only reads what match() returns (parameters are decoded into new objects per request), so one
// answer serves every request for its path. Bounded: the oldest path goes first.
import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

const MAX_PATHS = 2000;

export class MatchMemoRouter<T> implements Router<T> {
  name = 'MatchMemoRouter';
  readonly #inner: Router<T>;
  readonly #kept = new Map<string, Result<T>>();

  constructor(inner: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] })) {
    this.#inner = inner;
  }

  add(method: string, path: string, handler: T): void {
    this.#kept.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    // A method never holds a space, so the key names one method and one path.
    const key = `${method} ${path}`;
    const kept = this.#kept.get(key);
    if (kept) return kept;
    const result = this.#inner.match(method, path);
    if (this.#kept.size >= MAX_PATHS) this.#kept.delete(this.#kept.keys().next().value!);
    this.#kept.set(key, result);
    return result;
  }
}
