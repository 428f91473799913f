// Reaction rows (issue #20): one per user, type and subject (an issue: comment_id 0; or a comment).
import type { Db } from './types.ts';
import type { ReactionRow, UserRow } from './schema.ts';

export interface ReactionSubject {
  issueId: number;
  /** 0: the issue (or pull request) itself. */
  commentId: number;
}

/** The subject's reactions with their users, oldest first (Gitea orders by id). */
export async function listReactions(db: Db, s: ReactionSubject, page?: { limit: number; offset: number }): Promise<{ reaction: ReactionRow; user: UserRow }[]> {
  let q = db.selectFrom('reaction').selectAll('reaction').where('issue_id', '=', s.issueId).where('comment_id', '=', s.commentId).orderBy('id');
  if (page) q = q.limit(page.limit).offset(page.offset);
  const rows = await q.execute();
  if (!rows.length) return [];
  const users = await db
    .selectFrom('user')
    .selectAll()
    .where('id', 'in', [...new Set(rows.map((r) => r.user_id))])
    .execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  // A reaction of a user deleted since has no one to show.
  return rows.flatMap((reaction) => {
    const user = byId.get(reaction.user_id);
    return user ? [{ reaction, user }] : [];
  });
}

export async function countReactions(db: Db, s: ReactionSubject): Promise<number> {
  const row = await db
    .selectFrom('reaction')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('issue_id', '=', s.issueId)
    .where('comment_id', '=', s.commentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findReaction(db: Db, s: ReactionSubject, userId: number, type: string): Promise<ReactionRow | undefined> {
  return db
    .selectFrom('reaction')
    .selectAll()
    .where('issue_id', '=', s.issueId)
    .where('comment_id', '=', s.commentId)
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirst();
}

/** Adds the reaction; undefined when the same user's identical reaction is there already. */
export async function insertReaction(db: Db, s: ReactionSubject, userId: number, type: string, now: number): Promise<ReactionRow | undefined> {
  return db
    .insertInto('reaction')
    .values({ type, issue_id: s.issueId, comment_id: s.commentId, user_id: userId, created_unix: now })
    .onConflict((oc) => oc.columns(['issue_id', 'comment_id', 'user_id', 'type']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Removes the user's reaction of that type; the number of rows removed (0 or 1). */
export async function deleteReaction(db: Db, s: ReactionSubject, userId: number, type: string): Promise<number> {
  const r = await db
    .deleteFrom('reaction')
    .where('issue_id', '=', s.issueId)
    .where('comment_id', '=', s.commentId)
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
