// Pull requests (pull_request with its issue row): finding them, opening, editing, refreshing and
// merging them. Data access only; the rules are services/pulls/.
import type { Insertable, Updateable } from 'kysely';
import type { Db } from './types.ts';
import type { Database, IssueRow, PullRequestRow, RepoUpdate } from './schema.ts';

export type NewIssue = Insertable<Database['issue']>;
export type NewPullRequest = Insertable<Database['pull_request']>;
export type PullRequestUpdate = Updateable<Database['pull_request']>;

/** The open, unmerged pull request from head into base, if any (Gitea's GetUnmergedPullRequest). */
export async function findOpenPull(
  db: Db,
  t: { headRepoId: number; baseRepoId: number; headBranch: string; baseBranch: string },
): Promise<PullRequestRow | undefined> {
  return db
    .selectFrom('pull_request')
    .innerJoin('issue', 'issue.id', 'pull_request.issue_id')
    .selectAll('pull_request')
    .where('pull_request.head_repo_id', '=', t.headRepoId)
    .where('pull_request.base_repo_id', '=', t.baseRepoId)
    .where('pull_request.head_branch', '=', t.headBranch)
    .where('pull_request.base_branch', '=', t.baseBranch)
    .where('pull_request.has_merged', '=', 0)
    .where('issue.is_closed', '=', 0)
    .orderBy('pull_request.id', 'desc')
    .executeTakeFirst();
}

/** The newest pull request (any state) from head into base. */
export function findNewestPullByBaseHead(db: Db, repoId: number, headRepoId: number, base: string, head: string): Promise<PullRequestRow | undefined> {
  return db
    .selectFrom('pull_request')
    .selectAll()
    .where('base_repo_id', '=', repoId)
    .where('head_repo_id', '=', headRepoId)
    .where('base_branch', '=', base)
    .where('head_branch', '=', head)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The merged pull request of a repository whose merge commit is `sha`. */
export function findPullByMergeCommit(db: Db, repoId: number, sha: string): Promise<PullRequestRow | undefined> {
  return db
    .selectFrom('pull_request')
    .selectAll()
    .where('base_repo_id', '=', repoId)
    .where('has_merged', '=', 1)
    .where('merged_commit_id', '=', sha)
    .executeTakeFirst();
}

/** The newest pull request of a repository whose head commit is `sha`. */
export function findNewestPullByHeadCommit(db: Db, repoId: number, sha: string): Promise<PullRequestRow | undefined> {
  return db
    .selectFrom('pull_request')
    .selectAll()
    .where('base_repo_id', '=', repoId)
    .where('head_commit_id', '=', sha)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function findPullById(db: Db, id: number): Promise<PullRequestRow | undefined> {
  return db.selectFrom('pull_request').selectAll().where('id', '=', id).executeTakeFirst();
}

export function getPullById(db: Db, id: number): Promise<PullRequestRow> {
  return db.selectFrom('pull_request').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function findPullByIssueId(db: Db, issueId: number): Promise<PullRequestRow | undefined> {
  return db.selectFrom('pull_request').selectAll().where('issue_id', '=', issueId).executeTakeFirst();
}

/** The pull request (issue row with is_pull) numbered `index` in a repository. */
export function findPullIssueByIndex(db: Db, repoId: number, index: number): Promise<IssueRow | undefined> {
  return db.selectFrom('issue').selectAll().where('repo_id', '=', repoId).where('index', '=', index).where('is_pull', '=', 1).executeTakeFirst();
}

/** The pull_request rows of these issues. */
export function listPullsByIssueIds(db: Db, issueIds: number[]): Promise<PullRequestRow[]> {
  return db.selectFrom('pull_request').selectAll().where('issue_id', 'in', issueIds).execute();
}

export function findIssueById(db: Db, id: number): Promise<IssueRow | undefined> {
  return db.selectFrom('issue').selectAll().where('id', '=', id).executeTakeFirst();
}

export function getIssueById(db: Db, id: number): Promise<IssueRow> {
  return db.selectFrom('issue').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function findIssueByIndex(db: Db, repoId: number, index: number): Promise<IssueRow | undefined> {
  return db.selectFrom('issue').selectAll().where('repo_id', '=', repoId).where('index', '=', index).executeTakeFirst();
}

/** The ids among `ids` that are labels of the repository. */
export async function listRepoLabelIds(db: Db, repoId: number, ids: number[]): Promise<number[]> {
  return (await db.selectFrom('label').select('id').where('repo_id', '=', repoId).where('id', 'in', ids).execute()).map((l) => l.id);
}

export async function milestoneExists(db: Db, repoId: number, id: number): Promise<boolean> {
  return !!(await db.selectFrom('milestone').select('id').where('repo_id', '=', repoId).where('id', '=', id).executeTakeFirst());
}

export function insertIssue(db: Db, values: NewIssue): Promise<IssueRow> {
  return db.insertInto('issue').values(values).returningAll().executeTakeFirstOrThrow();
}

export function insertPull(db: Db, values: NewPullRequest): Promise<PullRequestRow> {
  return db.insertInto('pull_request').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertIssueLabel(db: Db, issueId: number, labelId: number): Promise<void> {
  await db.insertInto('issue_label').values({ issue_id: issueId, label_id: labelId }).execute();
}

/** Changes an issue row and gives it back. */
export function updateIssue(db: Db, id: number, set: { name?: string; content?: string; updated_unix?: number }): Promise<IssueRow> {
  return db.updateTable('issue').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Moves an issue's updated time. */
export async function touchIssue(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('issue').set({ updated_unix: now }).where('id', '=', id).execute();
}

/** Moves an issue's updated time and gives the row back. */
export function touchIssueReturning(db: Db, id: number, now: number): Promise<IssueRow> {
  return db.updateTable('issue').set({ updated_unix: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Changes a pull request row and gives it back. */
export function updatePull(db: Db, id: number, set: PullRequestUpdate): Promise<PullRequestRow> {
  return db.updateTable('pull_request').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Changes a pull request that is not merged (a merge that landed meanwhile wins); undefined when it was. */
export function updateUnmergedPull(db: Db, id: number, set: PullRequestUpdate): Promise<PullRequestRow | undefined> {
  return db.updateTable('pull_request').set(set).where('id', '=', id).where('has_merged', '=', 0).returningAll().executeTakeFirst();
}

/** As updateUnmergedPull, returning only whether a row changed (Gitea's UpdateColsIfNotMerged). */
export async function updateUnmergedPullState(db: Db, id: number, set: PullRequestUpdate): Promise<boolean> {
  return !!(await db.updateTable('pull_request').set(set).where('id', '=', id).where('has_merged', '=', 0).returning('id').executeTakeFirst());
}

/** Removes an issue's timeline rows of one comment type. */
export async function deleteIssueCommentsOfType(db: Db, issueId: number, type: number): Promise<void> {
  await db.deleteFrom('comment').where('issue_id', '=', issueId).where('type', '=', type).execute();
}

/** The open, unmerged pull requests with their base branch in `repoId` among `names`, or their head branch, oldest first. */
export function listOpenPullsOnBranches(db: Db, repoId: number, names: string[]): Promise<PullRequestRow[]> {
  return (
    db
      .selectFrom('pull_request')
      .innerJoin('issue', 'issue.id', 'pull_request.issue_id')
      .selectAll('pull_request')
      .where('pull_request.has_merged', '=', 0)
      .where('issue.is_closed', '=', 0)
      .where((eb) =>
        eb.or([
          eb.and([eb('pull_request.base_repo_id', '=', repoId), eb('pull_request.base_branch', 'in', names)]),
          eb.and([eb('pull_request.head_repo_id', '=', repoId), eb('pull_request.head_branch', 'in', names)]),
        ]),
      )
      // Oldest first, on both databases (PostgreSQL's unordered rows follow their last update), so
      // the push comments and refreshed states come in the same order every time.
      .orderBy('pull_request.id')
      .execute()
  );
}

/** After a branch rename, open pull requests follow it (Gitea's RenameBranch updates base and head names). */
export async function renamePullBranches(db: Db, repoId: number, from: string, to: string): Promise<void> {
  await db
    .updateTable('pull_request')
    .set({ base_branch: to })
    .where('base_repo_id', '=', repoId)
    .where('base_branch', '=', from)
    .where('has_merged', '=', 0)
    .execute();
  await db
    .updateTable('pull_request')
    .set({ head_branch: to })
    .where('head_repo_id', '=', repoId)
    .where('head_branch', '=', from)
    .where('has_merged', '=', 0)
    .execute();
}

/** Marks a pull request merged unless it already is; false when another merge won. */
export async function setPullMerged(db: Db, id: number, set: PullRequestUpdate): Promise<boolean> {
  const updated = await db.updateTable('pull_request').set(set).where('id', '=', id).where('has_merged', '=', 0).executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Closes the issue row of a merged pull request. */
export async function closeMergedIssue(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('issue').set({ is_closed: 1, closed_unix: now, updated_unix: now }).where('id', '=', id).execute();
}

/** Another open pull request (than `pullId`) of the repository with `branch` as its head or base, if any. */
export function findOtherOpenPullOnBranch(db: Db, pullId: number, repoId: number, branch: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('pull_request')
    .innerJoin('issue', 'issue.id', 'pull_request.issue_id')
    .select('pull_request.id')
    .where('pull_request.id', '!=', pullId)
    .where('issue.is_closed', '=', 0)
    .where('pull_request.has_merged', '=', 0)
    .where((eb) =>
      eb.or([
        eb.and([eb('pull_request.head_repo_id', '=', repoId), eb('pull_request.head_branch', '=', branch)]),
        eb.and([eb('pull_request.base_repo_id', '=', repoId), eb('pull_request.base_branch', '=', branch)]),
      ]),
    )
    .executeTakeFirst();
}

/** The repository row after a push moved its refs. */
export function updateRepoAfterPush(db: Db, repoId: number, patch: RepoUpdate) {
  return db.updateTable('repository').set(patch).where('id', '=', repoId).returningAll().executeTakeFirstOrThrow();
}

/** Subquery: the ids of issues carrying any of these labels (a pull request list's label filter). */
export function issueIdsWithLabels(db: Db, labelIds: number[]) {
  return db.selectFrom('issue_label').select('issue_label.issue_id').where('issue_label.label_id', 'in', labelIds);
}

/** Subquery: the issue ids of a repository's pull requests into `branch` (a pull request list's base filter). */
export function pullIssueIdsOnBase(db: Db, repoId: number, branch: string) {
  return db
    .selectFrom('pull_request')
    .select('pull_request.issue_id')
    .where('pull_request.base_repo_id', '=', repoId)
    .where('pull_request.base_branch', '=', branch);
}
