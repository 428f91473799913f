// Wire shapes of pull requests, reviews, review comments, changed files and commit statuses
// (Gitea's structs: modules/structs/pull.go, pull_review.go, status.go).
import { z } from '@hono/zod-openapi';
import { nullableRef } from './openapi.ts';
import { RepositorySchema, UserSchema } from './schemas.ts';
import { LabelSchema, MilestoneSchema } from './issue-schemas.ts';
// Gitea's Team, with the organization schemas (api/org-schemas.ts).
import { TeamSchema } from './org-schemas.ts';

export const PRBranchInfoSchema = z
  .object({
    label: z.string().openapi({ description: 'branch name (owner:branch for a fork)' }),
    ref: z.string(),
    sha: z.string(),
    repo_id: z.number().int(),
    repo: nullableRef(RepositorySchema),
  })
  .openapi('PRBranchInfo');

export const PullRequestSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    number: z.number().int(),
    user: UserSchema,
    title: z.string(),
    body: z.string(),
    labels: z.array(LabelSchema),
    milestone: nullableRef(MilestoneSchema),
    assignee: nullableRef(UserSchema),
    assignees: z.array(UserSchema),
    requested_reviewers: z.array(UserSchema),
    requested_reviewers_teams: z.array(TeamSchema),
    state: z.enum(['open', 'closed']),
    draft: z.boolean(),
    is_locked: z.boolean(),
    comments: z.number().int(),
    review_comments: z.number().int(),
    additions: z.number().int(),
    deletions: z.number().int(),
    changed_files: z.number().int(),
    html_url: z.string(),
    diff_url: z.string(),
    patch_url: z.string(),
    mergeable: z.boolean(),
    merged: z.boolean(),
    merged_at: z.string().nullable(),
    merge_commit_sha: z.string().nullable(),
    merged_by: nullableRef(UserSchema),
    allow_maintainer_edit: z.boolean(),
    base: PRBranchInfoSchema,
    head: PRBranchInfoSchema,
    merge_base: z.string(),
    due_date: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    closed_at: z.string().nullable(),
    pin_order: z.number().int(),
    /** Ours (Gitea shows these only in its UI): paths that conflict when mergeable is false. */
    conflicted_files: z.array(z.string()).optional(),
    /** Ours: how many commits the base branch has that the head lacks (0 = up to date). */
    commits_behind: z.number().int().optional(),
    commits_ahead: z.number().int().optional(),
    /**
     * Ours: the base branch's protection rules that keep this pull request from being merged now, one
     * sentence each (the 405 of a merge says the first); [] when none. Only on the single pull
     * request of GET /pulls/{index} while it is open.
     */
    merge_blockers: z
      .array(z.string())
      .optional()
      .openapi({ description: 'unmet branch protection rules, one sentence each ([] when none); single pull request only, absent once merged or closed' }),
  })
  .openapi('PullRequest');

/**
 * Gitea's Go SDK (and so `tea`) sends every field of these options, `null` for an empty slice or an
 * unset pointer; Gitea reads null as "not given". Optional fields therefore accept null (`nullish`).
 */
export const CreatePullRequestSchema = z
  .object({
    title: z.string().min(1),
    head: z.string().min(1),
    base: z.string().min(1),
    body: z.string().nullish(),
    assignee: z.string().nullish().openapi({ deprecated: true }),
    assignees: z.array(z.string()).nullish(),
    labels: z.array(z.number().int()).nullish().openapi({ description: 'label ids; ids not in the repository are dropped, as Gitea' }),
    milestone: z.number().int().nullish(),
    reviewers: z.array(z.string()).nullish(),
    team_reviewers: z.array(z.string()).nullish(),
    allow_maintainer_edit: z.boolean().nullish(),
    due_date: z.string().nullish(),
  })
  .openapi('CreatePullRequestOption');

export const EditPullRequestSchema = z
  .object({
    title: z.string().nullish().openapi({ description: 'empty leaves the title as it is' }),
    body: z.string().nullish(),
    base: z.string().nullish().openapi({ description: 'empty leaves the base as it is' }),
    assignee: z.string().nullish().openapi({ deprecated: true }),
    assignees: z.array(z.string()).nullish().openapi({ description: 'replaces the assignees; [] removes them all, null leaves them' }),
    labels: z.array(z.number().int()).nullish().openapi({ description: 'replaces the labels; null leaves them' }),
    milestone: z.number().int().nullish().openapi({ description: 'milestone id; 0 or null leaves the milestone as it is (as Gitea)' }),
    state: z.enum(['open', 'closed']).nullish(),
    due_date: z.string().nullish().openapi({ description: 'null leaves the deadline; unset_due_date removes it' }),
    unset_due_date: z.boolean().nullish(),
    allow_maintainer_edit: z.boolean().nullish(),
  })
  .openapi('EditPullRequestOption');

export const MERGE_STYLES = ['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only', 'manually-merged'] as const;
export type MergeStyle = (typeof MERGE_STYLES)[number];

/** Gitea's MergePullRequestForm; Gitea matches the keys case-insensitively, the route lower-cases them first. */
export const MergePullRequestSchema = z
  .object({
    Do: z.enum(MERGE_STYLES).optional(),
    MergeTitleField: z.string().optional(),
    MergeMessageField: z.string().optional(),
    MergeCommitID: z.string().optional().openapi({ description: 'for manually-merged: the commit that merged it' }),
    head_commit_id: z.string().optional(),
    force_merge: z.boolean().optional(),
    merge_when_checks_succeed: z.boolean().optional(),
    delete_branch_after_merge: z.boolean().optional(),
  })
  .openapi('MergePullRequestOption');
export type MergeForm = z.infer<typeof MergePullRequestSchema>;

export const ChangedFileSchema = z
  .object({
    filename: z.string(),
    previous_filename: z.string().optional(),
    status: z.enum(['added', 'deleted', 'modified', 'renamed', 'copied', 'changed', 'unchanged']),
    additions: z.number().int(),
    deletions: z.number().int(),
    changes: z.number().int(),
    html_url: z.string(),
    contents_url: z.string(),
    raw_url: z.string(),
  })
  .openapi('ChangedFile');

export const REVIEW_STATES = ['APPROVED', 'PENDING', 'COMMENT', 'REQUEST_CHANGES', 'REQUEST_REVIEW'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const PullReviewSchema = z
  .object({
    id: z.number().int(),
    user: nullableRef(UserSchema),
    team: nullableRef(TeamSchema),
    state: z.enum(REVIEW_STATES),
    body: z.string(),
    commit_id: z.string(),
    stale: z.boolean(),
    official: z.boolean(),
    dismissed: z.boolean(),
    comments_count: z.number().int(),
    submitted_at: z.string(),
    updated_at: z.string(),
    html_url: z.string(),
    pull_request_url: z.string(),
  })
  .openapi('PullReview');

export const PullReviewCommentSchema = z
  .object({
    id: z.number().int(),
    body: z.string(),
    user: nullableRef(UserSchema),
    resolver: nullableRef(UserSchema),
    pull_request_review_id: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    path: z.string(),
    commit_id: z.string(),
    original_commit_id: z.string(),
    diff_hunk: z.string(),
    /** Line in the new file (0 when the comment is on an old line). */
    position: z.number().int(),
    /** Line in the old file (0 when the comment is on a new line). */
    original_position: z.number().int(),
    html_url: z.string(),
    pull_request_url: z.string(),
    /** Ours, as Gitea's UI: the commented line changed since the comment was made. */
    outdated: z.boolean().optional(),
  })
  .openapi('PullReviewComment');

export const CreatePullReviewCommentSchema = z
  .object({
    path: z.string().min(1),
    body: z.string().min(1),
    /** Line of the old file; 0 when commenting on the new file. */
    old_position: z.number().int().nullish(),
    /** Line of the new file; 0 when commenting on the old file. */
    new_position: z.number().int().nullish(),
  })
  .openapi('CreatePullReviewComment');

export const CreatePullReviewSchema = z
  .object({
    event: z
      .enum([...REVIEW_STATES, ''] as const)
      .nullish()
      .openapi({ description: 'APPROVED, REQUEST_CHANGES, COMMENT, or PENDING (the default, also for "") to keep collecting comments' }),
    body: z.string().nullish(),
    commit_id: z.string().nullish(),
    comments: z.array(CreatePullReviewCommentSchema).nullish(),
  })
  .openapi('CreatePullReviewOptions');

export const SubmitPullReviewSchema = z.object({ event: z.enum(REVIEW_STATES), body: z.string().nullish() }).openapi('SubmitPullReviewOptions');

export const DismissPullReviewSchema = z.object({ message: z.string().nullish(), priors: z.boolean().nullish() }).openapi('DismissPullReviewOptions');

export const PullReviewRequestSchema = z
  .object({ reviewers: z.array(z.string()).nullish(), team_reviewers: z.array(z.string()).nullish() })
  .openapi('PullReviewRequestOptions');

export const COMMIT_STATES = ['pending', 'success', 'error', 'failure', 'warning'] as const;

export const CommitStatusSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(COMMIT_STATES),
    target_url: z.string(),
    description: z.string(),
    url: z.string(),
    context: z.string(),
    creator: nullableRef(UserSchema),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('CommitStatus');

export const CombinedStatusSchema = z
  .object({
    state: z.enum(COMMIT_STATES).or(z.literal('')),
    sha: z.string(),
    total_count: z.number().int(),
    statuses: z.array(CommitStatusSchema),
    repository: nullableRef(RepositorySchema),
    commit_url: z.string(),
    url: z.string(),
  })
  .openapi('CombinedStatus');

export const CreateStatusSchema = z
  .object({
    state: z.enum(COMMIT_STATES),
    target_url: z.string().optional(),
    description: z.string().optional(),
    context: z.string().optional(),
  })
  .openapi('CreateStatusOption');

export { zIndex } from './params.ts';

/** A body with its nulls read as "not given", as Gitea reads them; services see plain optional fields. */
export type WithoutNulls<T> = { [K in keyof T]: Exclude<T[K], null> };
export function withoutNulls<T extends object>(body: T): WithoutNulls<T> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null)) as WithoutNulls<T>;
}

export type ApiPullRequest = z.infer<typeof PullRequestSchema>;
export type ApiChangedFile = z.infer<typeof ChangedFileSchema>;
export type ApiPullReview = z.infer<typeof PullReviewSchema>;
export type ApiPullReviewComment = z.infer<typeof PullReviewCommentSchema>;
export type ApiCommitStatus = z.infer<typeof CommitStatusSchema>;
export type ApiCombinedStatus = z.infer<typeof CombinedStatusSchema>;
