// The permission matrix: every operation of openapi/openapi.json × (anonymous, stranger, reader,
// writer, owner) × a private and a public target (repository, organization, team), with real
// path values. A cell is a leak when
//  - someone who may not see private data gets a 2xx, or an answer that differs from the one for
//    a target that does not exist (an existence oracle), or any answer containing private text;
//  - someone without the right gets a 2xx/3xx to a write, or any change in the database or the
//    repositories' refs after the writes they were refused.
// Writes are only sent to those who must be refused, so the seeded world stays as it was. Each
// refused write with a JSON body is sent four times: with a plausible body, with wrong-typed
// fields, with an empty one and with one that is not JSON; the four answers must be the same refusal (Gitea authorizes
// before it binds the body, Issue #23), else the answer tells the caller the body's schema.
import { diffSnapshots, snapshot, type Forge, type RawRequest } from './forge.ts';
import { bodySchema, fillPath, operations, realValue, resolve, type Operation, type Target } from './params.ts';
import type { Person, World } from './seed.ts';

export type ActorName = 'anonymous' | 'stranger' | 'reader' | 'writer' | 'owner';
const ACTORS: ActorName[] = ['anonymous', 'stranger', 'reader', 'writer', 'owner'];
export type Scope = 'repo' | 'org' | 'team' | 'user';

export function scopeOf(p: string): Scope {
  if (p.startsWith('/teams/')) return 'team';
  if (p.includes('{repo}') || p.includes('{template_repo}')) return 'repo';
  if (p.includes('{org}')) return 'org';
  return 'user';
}

/** Who may see the target at all. */
export function maySee(scope: Scope, isPrivate: boolean, a: ActorName): boolean {
  if (scope === 'team') return a === 'reader' || a === 'owner';
  if (!isPrivate || scope === 'user') return true;
  if (scope === 'org') return a === 'reader' || a === 'owner';
  return a !== 'anonymous' && a !== 'stranger';
}

// Writes any signed-in user who can see the repository may do (Gitea: issues, comments, reviews,
// forks, stars, watching, pull requests). Kept on the lenient side: a route wrongly listed here is
// only checked less, never reported as a false leak.
const SIGNED_IN_WRITES: RegExp[] = [
  /^POST \/repos\/\{owner\}\/\{repo\}\/issues$/,
  /^POST \/repos\/\{owner\}\/\{repo\}\/issues\/\{index\}\/comments$/,
  /^(PUT|DELETE) \/repos\/\{owner\}\/\{repo\}\/subscription$/,
  /^(PUT|DELETE) \/user\/starred\/\{owner\}\/\{repo\}$/,
  /^POST \/repos\/\{owner\}\/\{repo\}\/forks$/,
  /^POST \/repos\/\{owner\}\/\{repo\}\/pulls$/,
  /^POST \/repos\/\{owner\}\/\{repo\}\/pulls\/\{index\}\/reviews(\/\{id\})?$/,
  /^(POST|DELETE) \/repos\/\{owner\}\/\{repo\}\/pulls\/\{index\}\/requested_reviewers$/,
  /^POST \/repos\/\{template_owner\}\/\{template_repo\}\/generate$/,
  // Reactions (issue #20): any signed-in reader may react (Gitea's issue_reaction.go).
  /^(POST|DELETE) \/repos\/\{owner\}\/\{repo\}\/issues\/(\{index\}|comments\/\{id\})\/reactions$/,
  // Marking one's own notifications of a repository one can read (Gitea's notify/repo.go).
  /^PUT \/repos\/\{owner\}\/\{repo\}\/notifications$/,
];
const ADMIN_WRITES: RegExp[] = [
  /^(PATCH|DELETE) \/repos\/\{owner\}\/\{repo\}$/,
  /\/collaborators\/\{collaborator\}$/,
  /\/branch_protections/,
  /^(PUT|DELETE) \/repos\/\{owner\}\/\{repo\}\/teams\/\{team\}$/,
];

// Writes whose permission Gitea checks inside the handler, after bind(): there a signed-in caller
// who can see the repository gets 422 for an invalid body (400 here for one that is not JSON)
// before the handler's 403 or 405.
export const BIND_BEFORE_HANDLER_CHECK: RegExp[] = [
  /^PATCH \/repos\/\{owner\}\/\{repo\}\/issues\/\{index\}$/, // repo.EditIssue
  /^PATCH \/repos\/\{owner\}\/\{repo\}\/issues\/(\{index\}\/)?comments\/\{id\}$/, // repo.EditIssueComment(Deprecated)
  /^PATCH \/repos\/\{owner\}\/\{repo\}\/pulls\/\{index\}$/, // repo.EditPullRequest
  /^POST \/repos\/\{owner\}\/\{repo\}\/issues\/\{index\}\/deadline$/, // repo.UpdateIssueDeadline
  /^POST \/repos\/\{owner\}\/\{repo\}\/pulls\/\{index\}\/merge$/, // repo.MergePullRequest (405 there)
];

/** Whether Gitea judges `op`'s body before it refuses `a` (see BIND_BEFORE_HANDLER_CHECK). */
export function bodyJudgedFirst(op: Operation, scope: Scope, isPrivate: boolean, a: ActorName): boolean {
  return a !== 'anonymous' && maySee(scope, isPrivate, a) && BIND_BEFORE_HANDLER_CHECK.some((re) => re.test(`${op.method} ${op.path}`));
}

/** Whether `a` may perform the write (then it is not sent). */
export function mayWrite(op: Operation, scope: Scope, isPrivate: boolean, a: ActorName): boolean {
  const key = `${op.method} ${op.path}`;
  // Signing in (the web session extension) is for callers without credentials: anyone may.
  if (key === 'POST /user/sessions') return true;
  // Rendering Markdown writes nothing and is open to anyone, as Gitea's misc/markdown.go.
  if (key === 'POST /markdown' || key === 'POST /markdown/raw') return true;
  if (a === 'anonymous') return false;
  if (scope === 'user') {
    if (op.path.startsWith('/admin/')) return false;
    if (op.path.startsWith('/users/{username}')) return a === 'owner';
    return true; // /user/… acts on the caller; POST /orgs, /user/repos: anyone signed in
  }
  if (!maySee(scope, isPrivate, a) && scope !== 'team') return false;
  if (scope === 'org' || scope === 'team') {
    // The reader is a member: leaving, or showing/hiding one's own membership, is allowed.
    if (a === 'reader' && op.path.includes('{username}')) return true;
    return a === 'owner';
  }
  const level = { stranger: 1, reader: 2, writer: 3, owner: 4 }[a];
  if (SIGNED_IN_WRITES.some((re) => re.test(key))) return level >= 1;
  if (ADMIN_WRITES.some((re) => re.test(key))) return level >= 4;
  return level >= 3;
}

/** A plausible body: required fields with ordinary values, so a refusal is about permission. */
export function plainBody(schema: any, depth = 0): unknown {
  const s = resolve(schema);
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (type === 'string') return 'rel-matrix';
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (depth > 3) return {};
  const out: Record<string, unknown> = {};
  for (const k of s.required ?? []) out[k] = plainBody(s.properties?.[k] ?? {}, depth + 1);
  // A body or title where the operation has one, so "cannot be empty" does not answer first.
  for (const k of ['body', 'title']) if (depth === 0 && s.properties?.[k] && !(k in out)) out[k] = 'rel-matrix';
  return out;
}

/** A body whose every field has the wrong type (an array where the schema wants an object). */
export function invalidBody(schema: any): unknown {
  const s = resolve(schema);
  const props = Object.entries<any>(s.properties ?? {});
  if (!props.length) return ['rel-matrix'];
  const wrong = (p: any) => {
    const r = resolve(p);
    const type = Array.isArray(r.type) ? r.type.find((t: string) => t !== 'null') : r.type;
    return type === 'string' || r.enum ? { rel: 'matrix' } : 'rel-matrix';
  };
  return Object.fromEntries(props.map(([k, p]) => [k, wrong(p)]));
}

/** Runs `fn` over `items`, at most `n` at a time. */
export async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

export interface MatrixResult {
  cells: number;
  leaks: string[];
  serverErrors: string[];
  notes: string[];
}

/**
 * `short` leaves out the cells that can only find a 5xx, not a leak: reads by a reader, writer or
 * owner of what they may see (the fuzzer covers 5xx); anonymous and strangers are always read.
 */
export async function permissionMatrix(forge: Forge, w: World, opts: { short?: boolean } = {}): Promise<MatrixResult> {
  const people: Record<ActorName, Person | null> = { anonymous: null, stranger: w.stranger, reader: w.reader, writer: w.writer, owner: w.owner };
  const targets: Record<'private' | 'public', Target> = { private: { repo: w.priv, org: w.privOrg }, public: { repo: w.pub, org: w.pubOrg } };
  const missing: Target = {
    repo: { ...w.priv, repo: 'no-such-repo-rel', id: 999_998 },
    org: { ...w.privOrg, name: 'no-such-org-rel', repo: 'no-such-repo-rel', team: { id: 999_998, name: 'no-such-team' } },
  };
  const res: MatrixResult = { cells: 0, leaks: [], serverErrors: [], notes: [] };
  const ops = operations();

  const request = (op: Operation, t: Target, who: ActorName, variant: 'plain' | 'invalid' | 'empty' | 'malformed' = 'plain'): RawRequest => {
    const req: RawRequest = {
      method: op.method,
      path: `/api/v1${fillPath(op.path, (n) => encodeURIComponent(realValue(op.path, n, t, w)))}`,
      token: people[who]?.token,
    };
    const body = bodySchema(op.op);
    if (body) {
      if (body.contentType === 'application/json')
        if (variant === 'malformed') {
          req.rawBody = '{"title": ';
          req.contentType = 'application/json';
        } else req.body = variant === 'plain' ? plainBody(body.schema) : variant === 'invalid' ? invalidBody(body.schema) : {};
      else {
        req.rawBody = '--rel\r\nContent-Disposition: form-data; name="attachment"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--rel--\r\n';
        req.contentType = 'multipart/form-data; boundary=rel';
      }
    }
    return req;
  };

  for (const visibility of ['private', 'public'] as const) {
    const t = targets[visibility];
    const isPrivate = visibility === 'private';
    for (const who of ACTORS) {
      const before = await snapshot(forge.dataDir);
      const sent: string[] = [];
      const cells = ops.filter((op) => {
        const scope = scopeOf(op.path);
        if (scope === 'user' && isPrivate) return false; // users have no private twin here
        if (op.method === 'GET' || op.method === 'HEAD') return !opts.short || who === 'anonymous' || who === 'stranger' || !maySee(scope, isPrivate, who);
        return !mayWrite(op, scope, isPrivate, who);
      });
      await pool(cells, 6, async (op) => {
        const scope = scopeOf(op.path);
        const read = op.method === 'GET' || op.method === 'HEAD';
        const req = request(op, t, who);
        const a = await forge.send(req);
        res.cells++;
        const cell = `${who} ${op.method} ${op.path} on the ${visibility} ${scope} → ${a.status}`;
        if (!read) sent.push(`${op.method} ${req.path} → ${a.status}`);
        if (a.status >= 500) {
          res.serverErrors.push(`${cell}: ${a.text.slice(0, 200)}`);
          return;
        }
        const hidden = !maySee(scope, isPrivate, who);
        if ((who === 'anonymous' || who === 'stranger') && a.text.includes(w.marker))
          res.leaks.push(`${cell}: the answer contains private data: ${a.text.slice(0, 200)}`);
        if (hidden && isPrivate) {
          if (a.status < 400) res.leaks.push(`${cell}: private data answered ${a.status} to someone who may not see it`);
          else if (a.status !== 404) {
            const ref = await forge.send(request(op, missing, who));
            if (ref.status !== a.status) res.leaks.push(`${cell}: a missing ${scope} answers ${ref.status}, so the ${a.status} tells that it exists`);
          }
        } else if (hidden && read && a.status < 400) res.leaks.push(`${cell}: answered ${a.status} to someone who is not a member`);
        if (!read) {
          if (a.status < 400) res.leaks.push(`${cell}: a write was accepted from someone without the right`);
          else if (![401, 403, 404, 405].includes(a.status))
            res.notes.push(`${cell}: refused, but with ${a.status} rather than 401/403/404 (${a.text.slice(0, 120)})`);
          if (bodySchema(op.op)?.contentType === 'application/json') {
            for (const variant of ['invalid', 'empty', 'malformed'] as const) {
              const v = await forge.send(request(op, t, who, variant));
              res.cells++;
              sent.push(`${op.method} ${req.path} (${variant} body) → ${v.status}`);
              const expected = bodyJudgedFirst(op, scope, isPrivate, who) && (v.status === 422 || v.status === 400);
              if (v.status !== a.status && !expected) res.leaks.push(`${cell}, but ${v.status} with an ${variant} body: the body is judged before the caller`);
            }
          }
        }
      });
      const changed = diffSnapshots(before, await snapshot(forge.dataDir));
      if (changed.length)
        res.leaks.push(`${who} on the ${visibility} target: refused writes changed ${changed.join(', ')}; writes sent:\n    ${sent.join('\n    ')}`);
    }
  }
  return res;
}
