// Loads {owner}/{repo} for a request: the old name of a renamed repository redirects, and the
// access rules of services/repo-access.ts apply (404 unreadable, 403 too little, 423 archived).
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { repoDir } from '../context.ts';
import { forbidden, notFound } from '../errors.ts';
import { isPublicOnly, publicOnlyMessage } from '../auth/token-scopes.ts';
import { requestTicket } from '../db/index.ts';
import { checkRepoAccess, findRepoWithOwner, type Need, type RepoContext } from '../services/repo-access.ts';
import { readableRepoRedirect, redirectLocation, repoRedirectError } from './redirects.ts';

export type { Need, RepoContext };

export async function loadRepo(
  c: Context<AppEnv>,
  ownerName: string,
  repoName: string,
  need: Need = 'read',
  opts: { allowArchived?: boolean } = {},
): Promise<RepoContext> {
  const { db, config } = c.var.deps;
  const found = await findRepoWithOwner(db, ownerName, repoName, requestTicket(c.req.raw));
  if (!found) {
    // An old name of a renamed repository answers 307 to the new path, as Gitea (issue #10).
    const target = await readableRepoRedirect(db, c.var.user, ownerName, repoName);
    if (target) throw repoRedirectError(redirectLocation(c.req.url, ownerName, repoName, { owner: target.owner.name, repo: target.repo.name }));
    throw notFound();
  }
  const { repo, owner } = found;
  return checkRepo(c, { repo, owner, dir: repoDir(config, owner.name, repo.name) }, need, opts);
}

export async function checkRepo(
  c: Context<AppEnv>,
  rc: Omit<RepoContext, 'mode' | 'perm'>,
  need: Need,
  opts: { allowArchived?: boolean } = {},
): Promise<RepoContext> {
  const checked = await checkRepoAccess(c.var.deps.db, c.var.user, rc, need, opts);
  // A public-only token reaches no private repository (Gitea's checkTokenPublicOnly), once the
  // caller may see it at all (a 404 stays a 404).
  if (rc.repo.is_private === 1 && isPublicOnly(c.var.tokenScopes)) throw forbidden(publicOnlyMessage(c.req.path));
  return checked;
}
