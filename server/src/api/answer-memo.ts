// Answers of hot list reads (repository search, a repository's issues, commit lists) kept between
// writes. Such an answer is a function of the database, the signed-in user and the URL alone (no
// clock), plus for commit lists the commits the page starts from (git objects never change), so
// while sharedDbVersion() stays the same (nothing written through this connection, no commit by
// another one; on PostgreSQL, no commit by any process) the same user asking the same URL gets the
// same bytes without the queries, the Gitea shapes and the serialisation. Mounted after auth (401s
// and the throttle stay as they are) and inside compression, security headers and CORS, which
// still apply to every answer. A request with If-None-Match goes the usual way, so conditional.ts
// answers it.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { repoDir } from '../context.ts';
import { requestTicket, scopedDbVersion, sharedDbVersion } from '../db/index.ts';
import type { Dependencies } from '../db/write-scopes.ts';
import { resolveBranchFast } from '../git/refs.ts';
import { findRepoWithOwner } from '../services/repo-access.ts';
import { plainResponse } from '../http/plain-response.ts';
import { requestHeader } from '../http/request-header.ts';

interface Answer {
  version: string;
  /** What of the database it was kept with (null: all of it). */
  deps: Dependencies | null;
  /** What else must still hold for the answer to be sent again (keepWhile()). */
  check?: () => boolean;
  headers: [string, string][];
  /** As bytes: written to the socket as they are, where a string would be copied each time. */
  body: Uint8Array<ArrayBuffer>;
  bytes: number;
}

// Enough for every page of a long list (500 pages of 20 issues) while random pages are asked.
const MAX_ENTRIES = 2000;
const MAX_TOTAL_BYTES = 32 * 1024 * 1024;
const MAX_ANSWER_BYTES = 1024 * 1024;
const utf8 = new TextEncoder();

const keptBodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

/**
 * The kept bytes a response sends, when it is a kept answer sent again: the same object for every
 * request that gets that answer, so what is made from it (its compressed forms, api/compression.ts)
 * can be kept with it.
 */
export const keptBodyOf = (res: Response): Uint8Array<ArrayBuffer> | undefined => keptBodies.get(res);

/** A bounded least-recently-used store of answers by key. */
export class AnswerStore {
  private readonly answers = new Map<string, Answer>();
  private bytes = 0;

  get(key: string): Answer | undefined {
    const a = this.answers.get(key);
    if (!a) return undefined;
    this.answers.delete(key);
    this.answers.set(key, a);
    return a;
  }

  delete(key: string): void {
    const a = this.answers.get(key);
    if (!a) return;
    this.answers.delete(key);
    this.bytes -= a.bytes;
  }

  set(key: string, answer: Answer): void {
    if (answer.bytes > MAX_ANSWER_BYTES) return;
    this.delete(key);
    this.answers.set(key, answer);
    this.bytes += answer.bytes;
    for (const [k, a] of this.answers) {
      if (this.answers.size <= MAX_ENTRIES && this.bytes <= MAX_TOTAL_BYTES) break;
      this.answers.delete(k);
      this.bytes -= a.bytes;
    }
  }

  clear(): void {
    this.answers.clear();
    this.bytes = 0;
  }
}

/**
 * What besides the database an answer depends on, as a string (null: do not keep this one).
 */
type Inputs = (c: Context<AppEnv>) => Promise<string | null> | string | null;

const checks = new WeakMap<Request, () => boolean>();

/**
 * Says what besides the database this request's answer was made from, as a test run before it is
 * sent again (the branch tips a pull request list showed, say). A memo made with `needsCheck`
 * keeps an answer only when its route said so.
 */
export function keepWhile(c: Context<AppEnv>, check: () => boolean): void {
  checks.set(c.req.raw, check);
}

/**
 * What of the database an answer reads (db/write-scopes.ts), when less than all of it: then writes
 * elsewhere (another repository's issues, say) leave the kept answer valid. null: all of it.
 */
type Reads = (c: Context<AppEnv>) => Promise<Dependencies | null>;

/**
 * What of the database a made answer shows, when it can be told only from the answer (the
 * repositories a search page lists): at most what `reads` said. null: what `reads` said.
 */
type Shows = (c: Context<AppEnv>, body: string) => Promise<Dependencies | null>;

export interface MemoOptions {
  inputs?: Inputs;
  store?: AnswerStore;
  reads?: Reads;
  shows?: Shows;
  /** Keep only answers whose route called keepWhile(). */
  needsCheck?: boolean;
}

/**
 * GET answers with status 200 and a JSON body, by user and URL, while the database (or the part
 * of it `reads` names, then `shows`) and `inputs` are unchanged.
 */
export function answerMemo(o: MemoOptions = {}): MiddlewareHandler<AppEnv> {
  const { inputs = () => '', store = new AnswerStore(), reads, shows, needsCheck = false } = o;
  return async (c, next) => {
    if (c.req.method !== 'GET' || requestHeader(c, 'if-none-match') !== undefined) return next();
    // c.get(), not c.var: Hono builds a new object of every variable on each c.var.
    const { db } = c.get('deps');
    const extra = await inputs(c);
    if (extra === null) return next();
    // As of a moment after the request came (one snapshot for all its reads on PostgreSQL), or
    // after now (`fresh`: what was made must still be what the database says).
    const versionOf = async (deps: Dependencies | null, fresh = false) => {
      const ticket = fresh ? undefined : requestTicket(c.req.raw);
      return `${await (deps ? scopedDbVersion(db, deps, ticket) : sharedDbVersion(db, ticket))} ${extra}`;
    };
    const key = `${c.get('user')?.id ?? 0} ${c.req.url}`;
    const hit = store.get(key);
    if (hit) {
      if (hit.version === (await versionOf(hit.deps)) && (!hit.check || hit.check())) {
        // Plain: the layers outside add their headers once per answer (http/plain-response.ts).
        const res = plainResponse(hit.body, hit.headers);
        keptBodies.set(res, hit.body);
        return res;
      }
      store.delete(key);
    }
    // What `reads` names is told from the database as it is then: a write before the version is
    // taken (a thread in another repository, say) could make the answer show what it does not name.
    const told = reads ? await sharedDbVersion(db, requestTicket(c.req.raw)) : '';
    const deps = reads ? await reads(c) : null;
    const version = await versionOf(deps);
    const steady = !reads || (await sharedDbVersion(db)) === told;
    await next();
    const res = c.res;
    const check = checks.get(c.req.raw);
    if (needsCheck && !check) return;
    // Not kept when something was written while the answer was made: it may mix both states.
    if (!steady || res.status !== 200 || !res.headers.get('Content-Type')?.startsWith('application/json') || (await versionOf(deps, true)) !== version) return;
    const body = await res.text();
    const headers = [...res.headers];
    let kept: Pick<Answer, 'deps' | 'version'> | null = { deps, version };
    const narrow = shows ? await shows(c, body) : null;
    if (narrow) {
      // Taken now, it stands for the state the answer saw only while nothing it reads moved since.
      const v = await versionOf(narrow, true);
      kept = (await versionOf(deps, true)) === version ? { deps: narrow, version: v } : null;
    }
    if (kept) {
      const bytes = utf8.encode(body);
      store.set(key, { ...kept, headers, body: bytes, bytes: bytes.byteLength + 256, check });
    }
    // Replace outright (not through c.res, which would copy the old headers back). With a Headers:
    // @hono/node-server makes an answer's body from the headers it was given, so what a layer
    // outside sets on `res.headers` (Vary) would be lost when another then reads the body.
    c.res = undefined as unknown as Response;
    c.res = new Response(body, { status: 200, headers: new Headers(headers) });
  };
}

const SHA_RE = /^[0-9a-f]{40}$/;

/**
 * A commit list's other input: the commits `sha` (default branch) and `not` name now. A branch
 * read from its ref file (git/refs.ts, no process) or a full SHA; anything else (tags, short
 * SHAs, expressions) is not kept. The rest of the answer (path, dates, paging) is in the URL.
 */
export async function commitListInputs(c: Context<AppEnv>): Promise<string | null> {
  const owner = c.req.param('owner');
  const repo = c.req.param('repo');
  if (!owner || !repo) return null;
  const url = new URL(c.req.url);
  const sha = url.searchParams.getAll('sha');
  const not = url.searchParams.getAll('not');
  if (sha.length > 1 || not.length > 1) return null;
  const found = await findRepoWithOwner(c.var.deps.db, owner, repo, requestTicket(c.req.raw));
  if (!found || found.repo.is_empty === 1) return null;
  const dir = repoDir(c.var.deps.config, found.owner.name, found.repo.name);
  const commit = (ref: string) => (SHA_RE.test(ref) ? ref : resolveBranchFast(dir, ref));
  const start = commit(sha[0] || found.repo.default_branch);
  if (!start) return null;
  if (!not[0]) return start;
  const stop = commit(not[0]);
  return stop ? `${start} ^${stop}` : null;
}
