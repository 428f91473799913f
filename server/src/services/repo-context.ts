// Loads {owner}/{repo} for a request and applies the access rules in one place: unreadable is
// 404 (never 403), too little access is 403, a write to an archived repository is 423.
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { repoDir } from '../context.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import { forbidden, locked, notFound, unauthorized } from '../errors.ts';
import { Access, type AccessMode, repoAccess } from './permissions.ts';

export interface RepoContext {
  repo: RepoRow;
  owner: UserRow;
  mode: AccessMode;
  /** Path of the bare git repository. */
  dir: string;
}

export type Need = 'read' | 'write' | 'admin';

export async function loadRepo(
  c: Context<AppEnv>,
  ownerName: string,
  repoName: string,
  need: Need = 'read',
  opts: { allowArchived?: boolean } = {},
): Promise<RepoContext> {
  const { db, config } = c.var.deps;
  const owner = await db.selectFrom('user').selectAll().where('lower_name', '=', ownerName.toLowerCase()).executeTakeFirst();
  const repo = owner
    ? await db
        .selectFrom('repository')
        .selectAll()
        .where('owner_id', '=', owner.id)
        .where('lower_name', '=', repoName.toLowerCase())
        .executeTakeFirst()
    : undefined;
  if (!owner || !repo) throw notFound();
  return checkRepo(c, { repo, owner, dir: repoDir(config, owner.name, repo.name) }, need, opts);
}

export async function checkRepo(
  c: Context<AppEnv>,
  rc: Omit<RepoContext, 'mode'>,
  need: Need,
  opts: { allowArchived?: boolean } = {},
): Promise<RepoContext> {
  const user = c.var.user;
  const mode = await repoAccess(c.var.deps.db, user, rc.repo);
  if (mode < Access.read) throw notFound();
  if (need !== 'read') {
    if (!user) throw unauthorized();
    const want = need === 'write' ? Access.write : Access.admin;
    if (mode < want) throw forbidden();
    if (rc.repo.is_archived === 1 && !opts.allowArchived) throw locked();
  }
  return { ...rc, mode };
}
