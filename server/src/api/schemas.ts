// Schemas shared by several areas. An area's own schemas are in api/<area>-schemas.ts.
import { z } from '@hono/zod-openapi';

export const UserSchema = z
  .object({
    id: z.number().int(),
    login: z.string(),
    username: z.string(),
    login_name: z.string(),
    source_id: z.number().int(),
    full_name: z.string(),
    email: z.string(),
    avatar_url: z.string(),
    html_url: z.string(),
    language: z.string(),
    is_admin: z.boolean(),
    last_login: z.string(),
    created: z.string(),
    restricted: z.boolean(),
    active: z.boolean(),
    prohibit_login: z.boolean(),
    location: z.string(),
    website: z.string(),
    description: z.string(),
    visibility: z.enum(['public', 'limited', 'private']),
    followers_count: z.number().int(),
    following_count: z.number().int(),
    starred_repos_count: z.number().int(),
  })
  .openapi('User');

export const PermissionSchema = z.object({ admin: z.boolean(), push: z.boolean(), pull: z.boolean() }).openapi('Permission');

const RepositoryFields = z.object({
  id: z.number().int(),
  owner: UserSchema,
  name: z.string(),
  full_name: z.string(),
  description: z.string(),
  empty: z.boolean(),
  private: z.boolean(),
  fork: z.boolean(),
  template: z.boolean(),
  mirror: z.boolean(),
  size: z.number().int(),
  language: z.string(),
  html_url: z.string(),
  url: z.string(),
  link: z.string(),
  ssh_url: z.string(),
  clone_url: z.string(),
  original_url: z.string(),
  website: z.string(),
  stars_count: z.number().int(),
  forks_count: z.number().int(),
  watchers_count: z.number().int(),
  open_issues_count: z.number().int(),
  open_pr_counter: z.number().int(),
  release_counter: z.number().int(),
  default_branch: z.string(),
  archived: z.boolean(),
  archived_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  permissions: PermissionSchema,
  has_issues: z.boolean(),
  has_wiki: z.boolean(),
  has_pull_requests: z.boolean(),
  has_projects: z.boolean(),
  has_releases: z.boolean(),
  has_packages: z.boolean(),
  has_actions: z.boolean(),
  internal: z.boolean(),
  object_format_name: z.string(),
  avatar_url: z.string(),
  topics: z.array(z.string()),
  default_merge_style: z.string(),
  allow_merge_commits: z.boolean(),
  allow_rebase: z.boolean(),
  allow_rebase_explicit: z.boolean(),
  allow_squash_merge: z.boolean(),
  // Optional for clients: Gitea before 1.22 does not send them (our server always does).
  allow_fast_forward_only_merge: z.boolean().optional(),
  allow_manual_merge: z.boolean().optional(),
  default_delete_branch_after_merge: z.boolean(),
});

/** A fork's parent: a Repository without a parent of its own (Gitea converts it with isParent set). */
export const ParentRepositorySchema = RepositoryFields.openapi('ParentRepository');

export const RepositorySchema = RepositoryFields.extend({
  // A union rather than .nullable(), for the client types (see ActivitySchema.repo).
  parent: z
    .union([ParentRepositorySchema, z.null()])
    .optional()
    .openapi({ description: 'forks only: the repository this one was forked from; null when it is gone or hidden from you' }),
}).openapi('Repository');

export const SearchResultsRepoSchema = z.object({ ok: z.boolean(), data: z.array(RepositorySchema) }).openapi('SearchResults');

export const ActivitySchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    op_type: z.string(),
    act_user_id: z.number().int(),
    act_user: UserSchema,
    repo_id: z.number().int(),
    // A union rather than .nullable(): the latter emits allOf[$ref, {type:[object,null]}], which the
    // client types read as an empty object.
    repo: z.union([RepositorySchema, z.null()]),
    comment_id: z.number().int(),
    ref_name: z.string(),
    is_private: z.boolean(),
    content: z.string(),
    created: z.string(),
  })
  .openapi('Activity');

export type ApiUser = z.infer<typeof UserSchema>;
export type ApiRepository = z.infer<typeof RepositorySchema>;
export type ApiActivity = z.infer<typeof ActivitySchema>;
