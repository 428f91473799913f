// Git over smart HTTP at each repository's clone_url: `git http-backend` (CGI) does the protocol,
// we do the rest — who may read or push (the one permission function), Basic credentials with a
// password or an access token, and what a push changes (services/push.ts).
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { repoDir } from '../context.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { lockRepo } from '../db/dialect.ts';
import { findRepoById, findRepoByOwnerAndName } from '../db/repos.ts';
import { findUserByName } from '../db/users.ts';
import { authenticate } from '../auth/credentials.ts';
import { isPublicOnly, tokenAllows } from '../auth/token-scopes.ts';
import { requestAuthContext } from '../auth/throttle.ts';
import { noPermission, repoPermission, type RepoPermission } from '../services/permissions.ts';
import { applyPushEffects, snapshotRefs, type RefSnapshot } from '../services/pulls/push.ts';
import { spawnHttpBackend } from '../git/http-backend.ts';
import { ensureHooksDir } from '../git/hooks.ts';
import { preparePushPolicy } from '../services/push-protection.ts';
import { preparePushMessages } from '../services/push-messages.ts';
import { readableRepoRedirect, redirectLocation } from './redirects.ts';
import { identPart } from '../git/identity.ts';

export const gitHttp = new Hono<AppEnv>();

type Service = 'git-upload-pack' | 'git-receive-pack';
const SERVICES = new Set<string>(['git-upload-pack', 'git-receive-pack']);

const text = (status: number, message: string, headers: Record<string, string> = {}) =>
  // git prints a text/plain error body to the user as "remote: …".
  new Response(`${message}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });

const challenge = (message = 'Authentication required') => text(401, message, { 'WWW-Authenticate': 'Basic realm="Forge"' });

/** Clone URLs end with `.git`; Gitea also answers without it, and so do we. */
const bareName = (repo: string) => (repo.toLowerCase().endsWith('.git') ? repo.slice(0, -4) : repo);

async function findRepo(deps: Deps, ownerName: string, repoName: string) {
  const owner = await findUserByName(deps.db, ownerName);
  if (!owner) return null;
  const repo = await findRepoByOwnerAndName(deps.db, owner.id, repoName);
  return repo ? { owner, repo } : null;
}

async function handle(c: Context<AppEnv>, service: Service, rest: 'info/refs' | Service): Promise<Response> {
  const deps = c.var.deps;
  let user: UserRow | null;
  let scopes: string | null = null;
  try {
    const auth = await authenticate(deps.db, c.req.header('authorization'), requestAuthContext(c.req.raw));
    user = auth?.user ?? null;
    scopes = auth?.scopes ?? null;
  } catch (e) {
    if (e instanceof ApiError) {
      // Too many failed sign-ins: git shows the text; Retry-After says when to try again.
      if (e.status === 429) return text(429, e.message, e.headers ?? {});
      return challenge(e.message);
    }
    throw e;
  }

  const found = await findRepo(deps, c.req.param('owner')!, bareName(c.req.param('repo')!));
  if (!found) {
    // An old name (of the repository or its owner) answers 307 to the new clone URL, which git
    // follows, as Gitea's httpBase; only to someone who may read it (issue #10).
    const [ownerName, repoName] = [c.req.param('owner')!, bareName(c.req.param('repo')!)];
    const target = await readableRepoRedirect(deps.db, user, ownerName, repoName);
    if (target) return c.redirect(redirectLocation(c.req.url, ownerName, repoName, { owner: target.owner.name, repo: target.repo.name }), 307);
  }
  const perm = found ? await repoPermission(deps.db, user, found.repo, found.owner) : noPermission();
  // Anonymous callers are asked to sign in (git then prompts) whether the repository is private
  // or missing, so the answer does not tell which.
  if (!found || !perm.canReadAny()) return user ? text(404, 'Repository not found') : challenge();
  const isPush = service === 'git-receive-pack';
  // An access token clones with read:repository and pushes with write:repository (Gitea's httpBase).
  if (scopes !== null && (!tokenAllows(scopes, 'repository', isPush) || (isPublicOnly(scopes) && found.repo.is_private === 1))) {
    return text(403, 'Token does not have the required scope');
  }
  // Cloning needs the code unit (a team may grant issues only), pushing write on it (Gitea's httpBase).
  if (!perm.canRead('code')) return user ? text(403, 'User permission denied') : challenge();
  if (isPush) {
    if (!user) return challenge();
    if (!perm.canWrite('code')) return text(403, 'You do not have permission to push to this repository.');
    if (found.repo.is_archived === 1) return text(403, 'This repository is archived and cannot be pushed to. Unarchive it first.');
  }
  return runBackend(c, deps, found.owner, found.repo, user, perm, service, rest);
}

async function runBackend(
  c: Context<AppEnv>,
  deps: Deps,
  owner: UserRow,
  repo: RepoRow,
  user: UserRow | null,
  perm: RepoPermission,
  service: Service,
  rest: 'info/refs' | Service,
): Promise<Response> {
  const dir = repoDir(deps.config, owner.name, repo.name);
  const isRpc = rest === service;
  const env: NodeJS.ProcessEnv = {
    GIT_PROJECT_ROOT: path.join(deps.config.dataDir, 'repositories'),
    PATH_INFO: `/${owner.name.toLowerCase()}/${repo.name.toLowerCase()}.git/${rest}`,
    REQUEST_METHOD: c.req.method,
    // Rebuilt rather than passed through: http-backend only needs the service name.
    QUERY_STRING: isRpc ? '' : `service=${service}`,
    CONTENT_TYPE: c.req.header('content-type') ?? '',
    GIT_HTTP_EXPORT_ALL: '1',
    REMOTE_USER: user?.name ?? '',
  };
  if (user) {
    env.GIT_COMMITTER_NAME = identPart(user.name);
    env.GIT_COMMITTER_EMAIL = identPart(user.email) || `${user.name}@noreply.forge`;
  }
  const protocol = c.req.header('git-protocol');
  if (protocol && /^[\w.:=-]+$/.test(protocol)) env.GIT_PROTOCOL = protocol;
  const encoding = c.req.header('content-encoding')?.toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') env.HTTP_CONTENT_ENCODING = encoding;

  // Pushes: serialize per repository and snapshot refs around receive-pack; branch protection
  // goes to the server's pre-receive hook (git/hooks.ts), which refuses before any ref moves.
  const pushing = isRpc && service === 'git-receive-pack';
  // One push at a time per repository, in any server process (db/dialect.ts), so each push's
  // before/after ref snapshots are its own.
  const lock = pushing ? await lockRepo(deps.db, 'push', repo.id) : () => {};
  let cleanupPolicy = () => {};
  const release = () => {
    cleanupPolicy();
    lock();
  };
  let before: RefSnapshot | null = null;
  try {
    if (pushing) {
      if (!user) throw new Error('a push needs a pusher');
      const policy = await preparePushPolicy(deps, repo, user, perm);
      cleanupPolicy = policy.cleanup;
      Object.assign(env, policy.env, await preparePushMessages(deps, repo));
      before = await snapshotRefs(dir);
    }
  } catch (e) {
    release();
    throw e;
  }

  // core.hooksPath: only the server's hooks run, never one inside a repository.
  const hooksPath = ensureHooksDir(deps.config.dataDir);
  const child = spawnHttpBackend(dir, hooksPath, env);
  const exited = new Promise<number | null>((resolve) => {
    child.on('close', (code) => resolve(code));
    child.on('error', () => resolve(null));
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    if (stderr.length < 8192) stderr += d.toString('utf8');
  });

  // The effects run when receive-pack is done, whether or not the client is still listening;
  // the response ends only after them, so a client that sees its push finish sees its effects.
  const effects = exited
    .then(async () => {
      if (!pushing || !before) return;
      const after = await snapshotRefs(dir);
      const fresh = await findRepoById(deps.db, repo.id);
      if (fresh && user) await applyPushEffects(deps, fresh, before, after, user);
    })
    .catch((e) => console.error('push effects failed:', e))
    .finally(release);

  child.stdin.on('error', () => {});
  const body = c.req.raw.body;
  if (isRpc && body)
    Readable.fromWeb(body as unknown as NodeWebStream<Uint8Array>)
      .on('error', () => child.stdin.destroy())
      .pipe(child.stdin);
  else child.stdin.end();

  const head = await readCgiHeaders(child.stdout);
  if (!head) {
    await effects;
    console.error(`git http-backend failed for ${owner.name}/${repo.name}: ${stderr.trim()}`);
    return text(500, 'git http-backend failed');
  }

  const out = new PassThrough();
  if (head.rest.length) out.write(head.rest);
  child.stdout.pipe(out, { end: false });
  child.stdout.on('end', () => void effects.finally(() => out.end()));
  // A client that goes away must not leave the backend blocked on a full pipe.
  out.on('close', () => {
    if (child.exitCode === null && !pushing) child.kill();
  });
  return new Response(Readable.toWeb(out) as unknown as ReadableStream, { status: head.status, headers: head.headers });
}

/** Reads the CGI header block (`Status:`, `Content-Type:` …) and what followed it. */
function readCgiHeaders(stdout: Readable): Promise<{ status: number; headers: Headers; rest: Buffer } | null> {
  return new Promise((resolve) => {
    let buf = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      let end = buf.indexOf('\r\n\r\n');
      let sep = 4;
      const lf = buf.indexOf('\n\n');
      if (lf >= 0 && (end < 0 || lf < end)) {
        end = lf;
        sep = 2;
      }
      if (end < 0) return;
      stdout.off('data', onData);
      stdout.off('end', onEnd);
      stdout.pause();
      const headers = new Headers();
      let status = 200;
      for (const line of buf.subarray(0, end).toString('latin1').split(/\r?\n/)) {
        const i = line.indexOf(':');
        if (i <= 0) continue;
        const name = line.slice(0, i).trim();
        const value = line.slice(i + 1).trim();
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 200;
        else headers.append(name, value);
      }
      resolve({ status, headers, rest: buf.subarray(end + sep) });
    };
    const onEnd = () => resolve(null);
    stdout.on('data', onData);
    stdout.on('end', onEnd);
  });
}

const REPO = '/:owner/:repo';

gitHttp.get(`${REPO}/info/refs`, (c) => {
  const service = c.req.query('service');
  // Dumb HTTP (no service) is not offered.
  if (!service || !SERVICES.has(service)) return text(404, 'Only the smart HTTP protocol is supported');
  return handle(c, service as Service, 'info/refs');
});
gitHttp.post(`${REPO}/git-upload-pack`, (c) => handle(c, 'git-upload-pack', 'git-upload-pack'));
gitHttp.post(`${REPO}/git-receive-pack`, (c) => handle(c, 'git-receive-pack', 'git-receive-pack'));

// A browser opening a clone URL lands on the repository page; other git paths (dumb HTTP's HEAD,
// objects/ …) do not exist here.
gitHttp.get(`${REPO}{[^/]+\\.git}`, (c) => c.redirect(`/${encodeURIComponent(c.req.param('owner'))}/${encodeURIComponent(bareName(c.req.param('repo')))}`));
gitHttp.all(`${REPO}{[^/]+\\.git}/*`, () => text(404, 'Not found'));
