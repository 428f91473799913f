// Emoji reactions on issues, pull requests and comments (issue #20), with Gitea's rules
// (routers/api/v1/repo/issue_reaction.go, models/issues/reaction.go): any signed-in reader may
// react; on a locked issue only those who may write issues (or pulls) — 403 "no permission to
// change reaction"; a name outside the allowed set is 403 "'x' is not an allowed reaction"; the
// same reaction twice answers the one there (200), removing one that is not there succeeds.
import type { Deps } from '../context.ts';
import { nowUnix } from '../db/index.ts';
import type { IssueRow, ReactionRow, UserRow } from '../db/schema.ts';
import { deleteReaction, findReaction, insertReaction, type ReactionSubject } from '../db/reactions.ts';
import { forbidden } from '../errors.ts';
import type { RepoContext } from './repo-access.ts';
import { emitEvent } from './events.ts';

/** Gitea's default [ui] REACTIONS. */
export const ALLOWED_REACTIONS = ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes'] as const;
const allowed = new Set<string>(ALLOWED_REACTIONS);

/** Who may add or remove reactions on the issue: Gitea's locked-issue rule. */
export function assertMayReact(rc: RepoContext, issue: IssueRow): void {
  if (issue.is_locked === 1 && !rc.perm.canWriteIssuesOrPulls(issue.is_pull)) throw forbidden('no permission to change reaction');
}

/** Adds `doer`'s reaction; `created` false when it was there already (the row there is returned). */
export async function addReaction(
  deps: Deps,
  rc: RepoContext,
  issue: IssueRow,
  commentId: number,
  doer: UserRow,
  content: string,
): Promise<{ reaction: ReactionRow; created: boolean }> {
  assertMayReact(rc, issue);
  if (!allowed.has(content)) throw forbidden(`'${content}' is not an allowed reaction`);
  const subject: ReactionSubject = { issueId: issue.id, commentId };
  const made = await insertReaction(deps.db, subject, doer.id, content, nowUnix());
  if (!made) {
    const there = await findReaction(deps.db, subject, doer.id, content);
    if (there) return { reaction: there, created: false };
    // Removed again between the two statements: add it once more.
    return addReaction(deps, rc, issue, commentId, doer, content);
  }
  await emitEvent(deps, { type: 'reaction.changed', actor: doer, repository: { repo: rc.repo, owner: rc.owner }, issue, commentId, content, added: true });
  return { reaction: made, created: true };
}

/** Removes `doer`'s reaction of that type, if there is one. */
export async function removeReaction(deps: Deps, rc: RepoContext, issue: IssueRow, commentId: number, doer: UserRow, content: string): Promise<void> {
  assertMayReact(rc, issue);
  const n = await deleteReaction(deps.db, { issueId: issue.id, commentId }, doer.id, content);
  if (n > 0) {
    await emitEvent(deps, { type: 'reaction.changed', actor: doer, repository: { repo: rc.repo, owner: rc.owner }, issue, commentId, content, added: false });
  }
}
