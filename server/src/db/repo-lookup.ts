// Repositories looked up for a request: by {owner}/{repo} name with the owner row (http/repo-context.ts)
// and by id for lists that span repositories.
import { sql } from 'kysely';
import type { Db } from './types.ts';
import type { RepoRow, UserRow } from './schema.ts';

/** The repositories of `ids` and their owners (two queries: repositories, then owners). */
export async function listReposWithOwners(db: Db, ids: number[]): Promise<{ repos: RepoRow[]; owners: UserRow[] }> {
  const repos = await db.selectFrom('repository').selectAll().where('id', 'in', ids).execute();
  const owners = await db
    .selectFrom('user')
    .selectAll()
    .where(
      'id',
      'in',
      repos.map((r) => r.owner_id),
    )
    .execute();
  return { repos, owners };
}

export function findRepoById(db: Db, id: number): Promise<RepoRow | undefined> {
  return db.selectFrom('repository').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * {owner}/{repo} by name (case-insensitive) with its owner row, in one indexed query: the owner's
 * columns (`ownerCols`, every column of `user`) come back prefixed and are split off again.
 */
export async function queryRepoWithOwner(
  db: Db,
  ownerCols: string[],
  ownerName: string,
  repoName: string,
): Promise<{ repo: RepoRow; owner: UserRow } | undefined> {
  const row = (await db
    .selectFrom('repository')
    .innerJoin('user as o', 'o.id', 'repository.owner_id')
    .selectAll('repository')
    .select(ownerCols.map((col) => sql.ref(`o.${col}`).as(`owner__${col}`)))
    .where('o.lower_name', '=', ownerName.toLowerCase())
    .where('repository.lower_name', '=', repoName.toLowerCase())
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) return undefined;
  const repo: Record<string, unknown> = {};
  const owner: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (k.startsWith('owner__')) owner[k.slice(7)] = v;
    else repo[k] = v;
  }
  return { repo: repo as unknown as RepoRow, owner: owner as unknown as UserRow };
}
