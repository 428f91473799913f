// Wire shapes of issues, labels, milestones, comments, timeline items and attachments (Gitea's structs).
import { nullableRef } from './openapi.ts';
import { z } from '@hono/zod-openapi';
import { UserSchema } from './schemas.ts';
// Gitea's Team, with the organization schemas (api/org-schemas.ts).
import { TeamSchema } from './org-schemas.ts';

export const LabelSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    exclusive: z.boolean(),
    is_archived: z.boolean(),
    color: z.string().openapi({ description: 'hex colour without #', example: 'e11d21' }),
    description: z.string(),
    url: z.string(),
  })
  .openapi('Label');

export const MilestoneSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    state: z.enum(['open', 'closed']),
    open_issues: z.number().int(),
    closed_issues: z.number().int(),
    created_at: z.string(),
    updated_at: z.string().nullable(),
    closed_at: z.string().nullable(),
    due_on: z.string().nullable(),
  })
  .openapi('Milestone');

export const AttachmentSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    size: z.number().int(),
    download_count: z.number().int(),
    created_at: z.string(),
    uuid: z.string(),
    download_url: z.string(),
    browser_download_url: z.string(),
    type: z.literal('attachment'),
  })
  .openapi('Attachment');

export const RepositoryMetaSchema = z.object({ id: z.number().int(), name: z.string(), owner: z.string(), full_name: z.string() }).openapi('RepositoryMeta');

export const PullRequestMetaSchema = z
  .object({ merged: z.boolean(), merged_at: z.string().nullable(), draft: z.boolean(), html_url: z.string() })
  .openapi('PullRequestMeta');

export const IssueSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    html_url: z.string(),
    number: z.number().int(),
    user: UserSchema,
    original_author: z.string(),
    original_author_id: z.number().int(),
    title: z.string(),
    body: z.string(),
    ref: z.string(),
    assets: z.array(AttachmentSchema),
    labels: z.array(LabelSchema),
    milestone: nullableRef(MilestoneSchema),
    assignee: nullableRef(UserSchema),
    assignees: z.array(UserSchema),
    state: z.enum(['open', 'closed']),
    is_locked: z.boolean(),
    comments: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    closed_at: z.string().nullable(),
    due_date: z.string().nullable(),
    pull_request: nullableRef(PullRequestMetaSchema),
    repository: RepositoryMetaSchema,
    pin_order: z.number().int(),
  })
  .openapi('Issue');

export const CommentSchema = z
  .object({
    id: z.number().int(),
    html_url: z.string(),
    pull_request_url: z.string(),
    issue_url: z.string(),
    user: nullableRef(UserSchema),
    original_author: z.string(),
    original_author_id: z.number().int(),
    body: z.string(),
    assets: z.array(AttachmentSchema),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Comment');

export const TimelineCommentSchema = z
  .object({
    id: z.number().int(),
    type: z.string().openapi({
      description:
        'comment, state_change, label, milestone, assignees, change_title, added_deadline, modified_deadline, removed_deadline, issue_ref, comment_ref, pull_ref, lock, unlock, …',
    }),
    html_url: z.string(),
    pull_request_url: z.string(),
    issue_url: z.string(),
    user: nullableRef(UserSchema),
    body: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    assets: z.array(AttachmentSchema),
    old_milestone: nullableRef(MilestoneSchema),
    milestone: nullableRef(MilestoneSchema),
    old_title: z.string(),
    new_title: z.string(),
    old_ref: z.string(),
    new_ref: z.string(),
    ref_issue: nullableRef(IssueSchema),
    ref_comment: nullableRef(CommentSchema),
    ref_action: z.string(),
    ref_commit_sha: z.string(),
    review_id: z.number().int(),
    label: nullableRef(LabelSchema),
    assignee: nullableRef(UserSchema),
    /** review_request rows for a team: the team (Gitea's assignee_team). */
    assignee_team: nullableRef(TeamSchema),
    removed_assignee: z.boolean(),
  })
  .openapi('TimelineComment');

export const IssueDeadlineSchema = z.object({ due_date: z.string().nullable() }).openapi('IssueDeadline');

export type ApiLabel = z.infer<typeof LabelSchema>;
export type ApiMilestone = z.infer<typeof MilestoneSchema>;
export type ApiAttachment = z.infer<typeof AttachmentSchema>;
export type ApiIssue = z.infer<typeof IssueSchema>;
export type ApiComment = z.infer<typeof CommentSchema>;
export type ApiTimelineComment = z.infer<typeof TimelineCommentSchema>;

// Request bodies of the issue, comment and attachment routes.

export const CreateIssueSchema = z
  .object({
    title: z.string().min(1),
    body: z.string().optional(),
    ref: z.string().optional(),
    assignee: z.string().optional().openapi({ deprecated: true }),
    assignees: z.array(z.string()).optional(),
    labels: z.array(z.number().int()).optional(),
    milestone: z.number().int().optional(),
    due_date: z.string().nullable().optional(),
    closed: z.boolean().optional(),
  })
  .openapi('CreateIssueOption');

export const EditIssueSchema = z
  .object({
    // Gitea's EditIssueOption has pointer fields: null is "not given" (its SDK sends null for
    // every field it does not set, and "" for the title).
    title: z.string().nullish().openapi({ description: 'empty leaves the title as it is' }),
    body: z.string().nullish(),
    ref: z.string().nullish(),
    assignee: z.string().nullish().openapi({ deprecated: true }),
    assignees: z.array(z.string()).nullish().openapi({ description: 'replaces the assignees; [] removes them all, null leaves them' }),
    milestone: z.number().int().nullish().openapi({ description: '0 removes the milestone; null leaves it' }),
    // Checked after permission, as Gitea: an unknown state is 412.
    state: z.string().nullish().openapi({ description: 'open or closed' }),
    due_date: z.string().nullish().openapi({ description: 'null leaves the deadline; unset_due_date removes it' }),
    unset_due_date: z.boolean().nullish(),
  })
  .openapi('EditIssueOption');

/** The body of a new or edited comment (named per route: CreateIssueCommentOption, EditIssueCommentOption). */
export const CommentBody = z.object({ body: z.string().optional().openapi({ description: 'required; Markdown' }) });

export const EditAttachmentOptionsSchema = z.object({ name: z.string().optional() }).openapi('EditAttachmentOptions');

export const EditIssueCommentOptionSchema = CommentBody.openapi('EditIssueCommentOption');
export const CreateIssueCommentOptionSchema = CommentBody.openapi('CreateIssueCommentOption');
export const EditDeadlineOptionSchema = z.object({ due_date: z.string().nullable() }).openapi('EditDeadlineOption');
export const LockIssueOptionSchema = z.object({ lock_reason: z.string().optional() }).openapi('LockIssueOption');
