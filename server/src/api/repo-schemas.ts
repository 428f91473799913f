// Request bodies of the repository routes (create, edit, generate, fork, collaborators) and the
// shapes only they answer. Repository itself is shared, in schemas.ts.
import { z } from './openapi.ts';
import { RepositorySchema, UserSchema } from './schemas.ts';

export const CreateRepoSchema = z
  .object({
    name: z.string().min(1).max(100).openapi({ description: 'Name of the repository to create' }),
    description: z.string().max(2048).optional(),
    private: z.boolean().optional().openapi({ description: 'Whether the repository is private' }),
    auto_init: z.boolean().optional().openapi({ description: 'Whether the repository should be auto-initialized' }),
    gitignores: z.string().optional().openapi({ description: 'Gitignores to use (comma-separated: Node, Go, Python, Rust, Java, macOS)' }),
    license: z.string().optional().openapi({ description: 'License to use (MIT, Apache-2.0, GPL-3.0)' }),
    readme: z.string().optional().openapi({ description: 'Readme of the repository to create (Default)' }),
    issue_labels: z.string().optional(),
    default_branch: z.string().optional().openapi({ description: 'DefaultBranch of the repository (used when initializes and in template)' }),
    template: z.boolean().optional().openapi({ description: 'Whether the repository is template' }),
    trust_model: z.enum(['default', 'collaborator', 'committer', 'collaboratorcommitter']).optional(),
    object_format_name: z.enum(['sha1', 'sha256']).optional(),
  })
  .openapi('CreateRepoOption');

export const EditRepoSchema = z
  .object({
    name: z.string().optional().openapi({ description: 'name of the repository' }),
    description: z.string().optional(),
    website: z.string().optional(),
    private: z.boolean().optional(),
    template: z.boolean().optional(),
    has_issues: z.boolean().optional(),
    has_wiki: z.boolean().optional(),
    has_pull_requests: z.boolean().optional(),
    has_projects: z.boolean().optional(),
    has_releases: z.boolean().optional(),
    default_branch: z.string().optional(),
    archived: z.boolean().optional().openapi({ description: 'set to `true` to archive this repository.' }),
    allow_merge_commits: z.boolean().optional(),
    allow_rebase: z.boolean().optional(),
    allow_rebase_explicit: z.boolean().optional(),
    allow_squash_merge: z.boolean().optional(),
    allow_fast_forward_only_merge: z.boolean().optional(),
    allow_manual_merge: z.boolean().optional(),
    default_delete_branch_after_merge: z.boolean().optional(),
    default_merge_style: z.enum(['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only']).optional(),
  })
  .openapi('EditRepoOption');

export const GenerateRepoSchema = z
  .object({
    owner: z.string().optional().openapi({ description: 'The organization or person who will own the new repository (default: the authenticated user)' }),
    name: z.string().min(1).max(100).openapi({ description: 'Name of the repository to create' }),
    default_branch: z.string().optional(),
    description: z.string().max(2048).optional(),
    private: z.boolean().optional(),
    git_content: z.boolean().optional().openapi({ description: 'include git content of default branch in template repo (default true)' }),
    topics: z.boolean().optional(),
    git_hooks: z.boolean().optional(),
    webhooks: z.boolean().optional(),
    avatar: z.boolean().optional(),
    labels: z.boolean().optional(),
    protected_branch: z.boolean().optional(),
  })
  .openapi('GenerateRepoOption');

export const CreateForkSchema = z
  .object({
    organization: z.string().nullish().openapi({ description: 'organization to fork into (default: yourself)' }),
    name: z.string().nullish().openapi({ description: 'name of the fork (default: the repository name)' }),
  })
  .openapi('CreateForkOption');

export const MergeUpstreamRequestSchema = z.object({ branch: z.string(), ff_only: z.boolean().optional() }).openapi('MergeUpstreamRequest');
export const MergeUpstreamResponseSchema = z.object({ merge_type: z.enum(['already-up-to-date', 'fast-forward', 'merge']) }).openapi('MergeUpstreamResponse');

export const AddCollaboratorSchema = z
  .object({ permission: z.enum(['read', 'write', 'admin']).optional().openapi({ description: 'defaults to write' }) })
  .openapi('AddCollaboratorOption');
export const RepoCollaboratorPermissionSchema = z
  .object({ permission: z.enum(['none', 'read', 'write', 'admin', 'owner']), role_name: z.string(), user: UserSchema })
  .openapi('RepoCollaboratorPermission');

export const RepoList = z.array(RepositorySchema).openapi('RepositoryList');
