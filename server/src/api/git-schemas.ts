// Wire shapes of git objects as the API shows them: commits, tags, trees, contents, blame and
// comparisons (Gitea's structs, and our extensions).
import { nullableRef, z } from './openapi.ts';
import { UserSchema } from './schemas.ts';

export const PayloadCommitVerificationSchema = z
  .object({
    verified: z.boolean(),
    reason: z.string(),
    signature: z.string(),
    signer: z.object({ name: z.string(), email: z.string(), username: z.string() }).nullable(),
    payload: z.string(),
  })
  .openapi('PayloadCommitVerification');

export const CommitUserSchema = z.object({ name: z.string(), email: z.string(), date: z.string() }).openapi('CommitUser');
export const CommitMetaSchema = z.object({ url: z.string(), sha: z.string(), created: z.string() }).openapi('CommitMeta');

export const CommitSchema = z
  .object({
    url: z.string(),
    sha: z.string(),
    created: z.string(),
    html_url: z.string(),
    commit: z
      .object({
        url: z.string(),
        author: CommitUserSchema,
        committer: CommitUserSchema,
        message: z.string(),
        tree: CommitMetaSchema,
        verification: nullableRef(PayloadCommitVerificationSchema),
      })
      .openapi('RepoCommit'),
    author: nullableRef(UserSchema),
    committer: nullableRef(UserSchema),
    parents: z.array(CommitMetaSchema),
    files: z.array(z.object({ filename: z.string(), status: z.enum(['added', 'removed', 'modified']) }).openapi('CommitAffectedFiles')).nullable(),
    stats: z
      .object({ total: z.number().int(), changed_files: z.number().int(), additions: z.number().int(), deletions: z.number().int() })
      .openapi('CommitStats')
      .nullable(),
  })
  .openapi('Commit');

export const TagSchema = z
  .object({
    name: z.string(),
    message: z.string(),
    id: z.string(),
    commit: CommitMetaSchema,
    zipball_url: z.string(),
    tarball_url: z.string(),
  })
  .openapi('Tag');

export const CreateTagSchema = z
  .object({
    tag_name: z.string().min(1),
    target: z.string().optional().openapi({ description: 'Branch, tag or commit SHA to tag; the default branch when absent.' }),
    message: z.string().optional().openapi({ description: 'Makes an annotated tag with the caller as tagger; without it the tag is lightweight.' }),
  })
  .openapi('CreateTagOption');

export const AnnotatedTagSchema = z
  .object({
    tag: z.string(),
    sha: z.string(),
    url: z.string(),
    message: z.string(),
    tagger: CommitUserSchema,
    object: z.object({ type: z.string(), url: z.string(), sha: z.string() }).openapi('AnnotatedTagObject'),
    verification: PayloadCommitVerificationSchema,
  })
  .openapi('AnnotatedTag');

export const GitEntrySchema = z
  .object({ path: z.string(), mode: z.string(), type: z.string(), size: z.number().int(), sha: z.string(), url: z.string() })
  .openapi('GitEntry');

export const GitTreeResponseSchema = z
  .object({
    sha: z.string(),
    url: z.string(),
    tree: z.array(GitEntrySchema),
    truncated: z.boolean(),
    page: z.number().int(),
    total_count: z.number().int(),
  })
  .openapi('GitTreeResponse');

export const BlameCommitSchema = z
  .object({
    sha: z.string(),
    message: z.string().openapi({ description: 'subject line of the commit' }),
    author: z.object({ name: z.string(), email: z.string() }),
    date: z.string().openapi({ description: 'author date' }),
  })
  .openapi('BlameCommit');

export const BlameResponseSchema = z
  .object({
    commit_sha: z.string().openapi({ description: 'the commit the ref resolved to' }),
    path: z.string(),
    ranges: z.array(
      z
        .object({
          commit: BlameCommitSchema,
          start: z.number().int().openapi({ description: 'first line of the range, 1-based' }),
          lines: z.number().int().openapi({ description: 'number of lines in the range' }),
        })
        .openapi('BlameRange'),
    ),
    source: z.array(z.string()).openapi({ description: "the file's lines, without line ends" }),
  })
  .openapi('BlameResponse');

/** A changed file of a comparison (ChangedFile's counts without its URLs). */
export const CompareFileSchema = z
  .object({
    filename: z.string(),
    previous_filename: z.string().optional(),
    status: z.enum(['added', 'deleted', 'modified', 'renamed', 'copied', 'changed']),
    additions: z.number().int(),
    deletions: z.number().int(),
    changes: z.number().int(),
  })
  .openapi('CompareFile');

export const RefTypeSchema = z.enum(['branch', 'tag', 'commit']);

/** One side of a comparison as the server understood it (ours; Gitea keeps it to itself). */
export const CompareRefSchema = z
  .object({
    name: z.string().openapi({ description: 'the name asked for (the branch part of owner:branch)' }),
    type: RefTypeSchema,
    sha: z.string().openapi({ description: 'the commit it names' }),
  })
  .openapi('CompareRef', { description: 'ours: what the base or head of a comparison names (a pull request needs two branches)' });

export const CompareSchema = z
  .object({
    total_commits: z.number().int(),
    commits: z.array(CommitSchema),
    merge_base: z.string().optional().openapi({ description: 'ours: the common ancestor of base and head; absent when their histories are unrelated' }),
    mergeable: z.boolean().optional().openapi({ description: 'ours: head merges into base without conflicts' }),
    conflicted_files: z.array(z.string()).optional().openapi({ description: 'ours: paths that conflict when mergeable is false' }),
    files: z.array(CompareFileSchema).optional().openapi({ description: 'ours: files changed on head since the merge base (since base for base..head)' }),
    base_ref: CompareRefSchema.optional(),
    head_ref: CompareRefSchema.optional(),
  })
  .openapi('Compare');

export const FileLinksSchema = z.object({ self: z.string().nullable(), git: z.string().nullable(), html: z.string().nullable() }).openapi('FileLinksResponse');

export const ContentsResponseSchema = z
  .object({
    name: z.string(),
    path: z.string(),
    sha: z.string(),
    last_commit_sha: z.string(),
    /** Not in Gitea: the subject and committer date of last_commit_sha, for the file list. */
    last_commit_message: z.string().optional(),
    last_commit_date: z.string().optional(),
    type: z.enum(['file', 'dir', 'symlink', 'submodule']).openapi({ description: '`type` will be `file`, `dir`, `symlink`, or `submodule`' }),
    size: z.number().int(),
    encoding: z.string().nullable().openapi({ description: '`encoding` is populated when `type` is `file`, otherwise null' }),
    content: z.string().nullable().openapi({ description: '`content` is populated when `type` is `file`, otherwise null' }),
    target: z.string().nullable().openapi({ description: '`target` is populated when `type` is `symlink`, otherwise null' }),
    url: z.string().nullable(),
    html_url: z.string().nullable(),
    git_url: z.string().nullable(),
    download_url: z.string().nullable(),
    submodule_git_url: z.string().nullable().openapi({ description: '`submodule_git_url` is populated when `type` is `submodule`, otherwise null' }),
    _links: FileLinksSchema,
  })
  .openapi('ContentsResponse');

export const GitBlobResponseSchema = z
  .object({ content: z.string(), encoding: z.string(), url: z.string(), sha: z.string(), size: z.number().int() })
  .openapi('GitBlobResponse');

export const ReferenceSchema = z
  .object({ ref: z.string(), url: z.string(), object: z.object({ type: z.string(), sha: z.string(), url: z.string() }).openapi('GitObject') })
  .openapi('Reference');
