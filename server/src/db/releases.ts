// Release rows and the attachment rows that are their assets (attachment.release_id).
import type { Insertable, Updateable } from 'kysely';
import { deleteReleaseNotifications } from './notifications.ts';
import type { Db } from './types.ts';
import type { AttachmentRow, ReleaseRow, ReleaseTable } from './schema.ts';

export interface ReleaseFilter {
  includeDrafts: boolean;
  /** Only drafts (true) or only published ones (false); both when undefined. */
  draft?: boolean;
  prerelease?: boolean;
}

function filtered(db: Db, repoId: number, f: ReleaseFilter) {
  let q = db.selectFrom('release').where('repo_id', '=', repoId);
  if (!f.includeDrafts) q = q.where('is_draft', '=', 0);
  if (f.draft !== undefined) q = q.where('is_draft', '=', f.draft ? 1 : 0);
  if (f.prerelease !== undefined) q = q.where('is_prerelease', '=', f.prerelease ? 1 : 0);
  return q;
}

/** Gitea's order: newest first (created_unix, then id). */
export function listReleaseRows(db: Db, repoId: number, f: ReleaseFilter, limit: number, offset: number): Promise<ReleaseRow[]> {
  return filtered(db, repoId, f).selectAll().orderBy('created_unix', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countReleaseRows(db: Db, repoId: number, f: ReleaseFilter): Promise<number> {
  const r = await filtered(db, repoId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The newest published release that is not a pre-release. */
export function findLatestRelease(db: Db, repoId: number): Promise<ReleaseRow | undefined> {
  return db
    .selectFrom('release')
    .selectAll()
    .where('repo_id', '=', repoId)
    .where('is_draft', '=', 0)
    .where('is_prerelease', '=', 0)
    .orderBy('created_unix', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findReleaseById(db: Db, repoId: number, id: number): Promise<ReleaseRow | undefined> {
  return db.selectFrom('release').selectAll().where('repo_id', '=', repoId).where('id', '=', id).executeTakeFirst();
}

/** The release of a tag, its name compared without case (Gitea's GetRelease by LowerTagName). */
export function findReleaseByTag(db: Db, repoId: number, tag: string): Promise<ReleaseRow | undefined> {
  return db.selectFrom('release').selectAll().where('repo_id', '=', repoId).where('lower_tag_name', '=', tag.toLowerCase()).executeTakeFirst();
}

export function insertRelease(db: Db, values: Insertable<ReleaseTable>): Promise<ReleaseRow> {
  return db.insertInto('release').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateReleaseRow(db: Db, id: number, values: Updateable<ReleaseTable>): Promise<ReleaseRow> {
  return db.updateTable('release').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteReleaseRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('release').where('id', '=', id).execute();
  await deleteReleaseNotifications(db, id);
}

/** The assets of releases, oldest first. */
export function listReleaseAssets(db: Db, releaseIds: number[]): Promise<AttachmentRow[]> {
  if (!releaseIds.length) return Promise.resolve([]);
  return db.selectFrom('attachment').selectAll().where('release_id', 'in', releaseIds).orderBy('id').execute();
}

export function findReleaseAsset(db: Db, releaseId: number, id: number): Promise<AttachmentRow | undefined> {
  return db.selectFrom('attachment').selectAll().where('release_id', '=', releaseId).where('id', '=', id).executeTakeFirst();
}

export function findReleaseAssetByName(db: Db, releaseId: number, name: string): Promise<AttachmentRow | undefined> {
  return db.selectFrom('attachment').selectAll().where('release_id', '=', releaseId).where('name', '=', name).orderBy('id').limit(1).executeTakeFirst();
}

export async function deleteReleaseAssetRows(db: Db, releaseId: number): Promise<void> {
  await db.deleteFrom('attachment').where('release_id', '=', releaseId).execute();
}

/** Tag names of a repository that have a release (drafts included). */
export async function releaseTagNames(db: Db, repoId: number, includeDrafts: boolean): Promise<string[]> {
  let q = db.selectFrom('release').select('tag_name').where('repo_id', '=', repoId);
  if (!includeDrafts) q = q.where('is_draft', '=', 0);
  return (await q.execute()).map((r) => r.tag_name);
}

/** The files of every release asset of a repository (repository delete). */
export async function repoReleaseAssetUuids(db: Db, repoId: number): Promise<string[]> {
  return (await db.selectFrom('attachment').select('uuid').where('repo_id', '=', repoId).where('release_id', '!=', 0).execute()).map((r) => r.uuid);
}

/** Removes a repository's releases and their asset rows; inside the caller's transaction (repository delete). */
export async function deleteRepoReleaseRows(trx: Db, repoId: number): Promise<void> {
  await trx.deleteFrom('attachment').where('repo_id', '=', repoId).where('release_id', '!=', 0).execute();
  await trx.deleteFrom('release').where('repo_id', '=', repoId).execute();
}
