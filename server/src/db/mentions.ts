// What mentions and references in issue text record: mentioned users, the issues and repositories
// a text names, and whether a reference event is there already.
import type { Db } from './types.ts';
import type { RepoRow, UserRow } from './schema.ts';

/** Individual users (not organizations) by lower-case name. */
export function listIndividualsByLowerNames(db: Db, names: string[]): Promise<UserRow[]> {
  return db.selectFrom('user').selectAll().where('lower_name', 'in', names).where('type', '=', 0).execute();
}

/** Marks the user mentioned in the issue, in one statement (an existing row is updated). */
export async function upsertMention(db: Db, uid: number, issueId: number): Promise<void> {
  await db
    .insertInto('issue_user')
    .values({ uid, issue_id: issueId, is_read: 0, is_mentioned: 1 })
    .onConflict((oc) => oc.columns(['uid', 'issue_id']).doUpdateSet({ is_mentioned: 1 }))
    .execute();
}

/** A repository by its owner's and its own lower-case names. */
export function findRepoByLowerNames(db: Db, owner: string, repo: string): Promise<RepoRow | undefined> {
  return db
    .selectFrom('repository')
    .innerJoin('user', 'user.id', 'repository.owner_id')
    .selectAll('repository')
    .where('user.lower_name', '=', owner)
    .where('repository.lower_name', '=', repo)
    .executeTakeFirst();
}

/** A reference event of `types` on `issueId` from that issue (and comment), if one is there. */
export function findReferenceEvent(db: Db, issueId: number, refIssueId: number, refCommentId: number, types: number[]): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('comment')
    .select('id')
    .where('issue_id', '=', issueId)
    .where('ref_issue_id', '=', refIssueId)
    .where('ref_comment_id', '=', refCommentId)
    .where('type', 'in', types)
    .executeTakeFirst();
}
