// Old names keep working after a rename (issue #10), as Gitea's repo_redirect and user_redirect:
// a request for {owner}/{old} answers 307 to the same path under the repository's current
// {owner}/{name}, for the API, the web app (through the API) and git clone URLs, until the old
// name is used again. A redirect never reveals a repository the caller cannot read (404 then).
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/types.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import { findUserById, findUserByName } from '../db/users.ts';
import { findRedirectedRepo, findRepoOfOwner } from '../db/redirects.ts';
import { ApiError } from '../errors.ts';
import { redirectedUser } from '../services/orgs.ts';
import { repoPermission } from '../services/permissions.ts';

/**
 * Where {ownerName}/{repoName} went, for a name that names no repository: the owner by its name
 * or an old name of it (user_redirect), then the repository by that name or an old one. Undefined
 * when nothing redirects there.
 */
export async function lookupRepoRedirect(db: Db, ownerName: string, repoName: string): Promise<{ repo: RepoRow; owner: UserRow } | undefined> {
  const lowerOwner = ownerName.toLowerCase();
  const owner = (await findUserByName(db, lowerOwner)) ?? (await redirectedUser(db, ownerName));
  if (!owner) return undefined;
  const lowerRepo = repoName.toLowerCase();
  let repo = await findRedirectedRepo(db, owner.id, lowerRepo);
  // Only the owner was renamed: the repository still has this name under the new owner name.
  if (!repo && owner.lower_name !== lowerOwner) {
    repo = await findRepoOfOwner(db, owner.id, lowerRepo);
  }
  if (!repo) return undefined;
  const current = repo.owner_id === owner.id ? owner : await findUserById(db, repo.owner_id);
  return current ? { repo, owner: current } : undefined;
}

/** The redirect target for `viewer`, or undefined when there is none or the viewer may not read it. */
export async function readableRepoRedirect(
  db: Db,
  viewer: UserRow | null,
  ownerName: string,
  repoName: string,
): Promise<{ repo: RepoRow; owner: UserRow } | undefined> {
  const target = await lookupRepoRedirect(db, ownerName, repoName);
  if (!target) return undefined;
  const perm = await repoPermission(db, viewer, target.repo, target.owner);
  return perm.canReadAny() ? target : undefined;
}

/**
 * The request's path and query with its first `{owner}/{repo}` segment pair replaced by the new
 * names, as Gitea's RedirectToRepo (matched case-insensitively; a `.git` suffix on the old name is kept).
 */
export function redirectLocation(requestUrl: string, ownerName: string, repoName: string, to: { owner: string; repo: string }): string {
  const url = new URL(requestUrl);
  const path = url.pathname;
  const lower = path.toLowerCase();
  const candidates = [`/${encodeURIComponent(ownerName)}/${encodeURIComponent(repoName)}`, `/${ownerName}/${repoName}`].map((s) => s.toLowerCase());
  let at = -1;
  let len = 0;
  for (const old of candidates) {
    // Followed by the end, a slash or `.git`, so `a/b` does not match inside `a/bc`.
    for (let i = lower.indexOf(old); i >= 0; i = lower.indexOf(old, i + 1)) {
      const next = lower.slice(i + old.length);
      if (next === '' || next.startsWith('/') || next.startsWith('.git')) {
        at = i;
        len = old.length;
        break;
      }
    }
    if (at >= 0) break;
  }
  const replaced = at < 0 ? path : path.slice(0, at) + `/${encodeURIComponent(to.owner)}/${encodeURIComponent(to.repo)}` + path.slice(at + len);
  return replaced + url.search;
}

/** The 307 Gitea answers for an old repository path (thrown from loadRepo; the body says where it went). */
export function repoRedirectError(location: string): ApiError {
  return new ApiError(307, `repository has moved to ${location}`, {}, { Location: location });
}

/**
 * Hono middleware for /users/{old}/…: an old name of a renamed user or organization answers 307
 * with the same path under the current name (Gitea's GetContextUserByPathParam → RedirectToUser).
 */
export async function redirectOldUserName(c: Context<AppEnv>, next: () => Promise<void>): Promise<Response | void> {
  const name = c.req.param('username');
  if (name) {
    const { db } = c.var.deps;
    const exists = await findUserByName(db, name);
    const target = exists ? undefined : await redirectedUser(db, name);
    if (target) {
      const url = new URL(c.req.url);
      const old = `/users/${encodeURIComponent(name)}`.toLowerCase();
      const at = url.pathname.toLowerCase().indexOf(old);
      if (at >= 0) {
        const pathname = url.pathname.slice(0, at) + `/users/${encodeURIComponent(target.name)}` + url.pathname.slice(at + old.length);
        return c.redirect(pathname + url.search, 307);
      }
    }
  }
  await next();
}
