// Old names of renamed repositories (Gitea's repo_redirect): recorded at a rename, forgotten when
// the name is taken again or the repository goes, and followed to the repository they name now.
import type { Transaction } from 'kysely';
import type { Db } from './types.ts';
import type { Database, RepoRow } from './schema.ts';

type Q = Db | Transaction<Database>;

/** Records that `oldName` under `ownerId` now means `repoId` (Gitea's NewRedirect), replacing any older redirect of that name. */
export async function recordRepoRedirect(q: Q, ownerId: number, oldName: string, repoId: number): Promise<void> {
  const lower = oldName.toLowerCase();
  await q.deleteFrom('repo_redirect').where('owner_id', '=', ownerId).where('lower_name', '=', lower).execute();
  await q.insertInto('repo_redirect').values({ owner_id: ownerId, lower_name: lower, redirect_repo_id: repoId }).execute();
}

/** A repository now holds `name` under `ownerId`: the name no longer redirects (Gitea's DeleteRedirect). */
export async function forgetRepoRedirect(q: Q, ownerId: number, name: string): Promise<void> {
  await q.deleteFrom('repo_redirect').where('owner_id', '=', ownerId).where('lower_name', '=', name.toLowerCase()).execute();
}

/**
 * A repository is deleted: nothing redirects to it any more, and its own name stops redirecting
 * (a name a fork took over while an old redirect waited would otherwise come back).
 */
export async function forgetRedirectsOf(q: Q, repo: Pick<RepoRow, 'id' | 'owner_id' | 'lower_name'>): Promise<void> {
  await q.deleteFrom('repo_redirect').where('redirect_repo_id', '=', repo.id).execute();
  await forgetRepoRedirect(q, repo.owner_id, repo.lower_name);
}

/** The repository an old name (lower case) under `ownerId` redirects to. */
export function findRedirectedRepo(db: Db, ownerId: number, lowerName: string): Promise<RepoRow | undefined> {
  return db
    .selectFrom('repo_redirect')
    .innerJoin('repository', 'repository.id', 'repo_redirect.redirect_repo_id')
    .selectAll('repository')
    .where('repo_redirect.owner_id', '=', ownerId)
    .where('repo_redirect.lower_name', '=', lowerName)
    .executeTakeFirst();
}

/** The repository named `lowerName` (lower case) under `ownerId`. */
export function findRepoOfOwner(db: Db, ownerId: number, lowerName: string): Promise<RepoRow | undefined> {
  return db.selectFrom('repository').selectAll().where('owner_id', '=', ownerId).where('lower_name', '=', lowerName).executeTakeFirst();
}
