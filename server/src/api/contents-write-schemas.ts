// Wire shapes of the contents API's writes (Gitea's modules/structs/repo_file.go).
import { nullableRef, z } from './openapi.ts';
import { CommitMetaSchema, CommitUserSchema, ContentsResponseSchema, PayloadCommitVerificationSchema } from './git-schemas.ts';

const IdentitySchema = z.object({ name: z.string().optional(), email: z.string().optional() }).openapi('Identity');
const CommitDateOptionsSchema = z
  .object({ author: z.string().optional(), committer: z.string().optional() })
  .openapi('CommitDateOptions', { description: 'dates for GIT_AUTHOR_DATE and GIT_COMMITTER_DATE (ISO 8601)' });

const fileOptions = {
  branch: z.string().optional().openapi({ description: 'branch (optional) to base this file from. if not given, the default branch is used' }),
  new_branch: z.string().optional().openapi({ description: 'new_branch (optional) will make a new branch from `branch` before creating the file' }),
  message: z.string().optional().openapi({ description: 'message (optional) for the commit of this file. if not supplied, a default message will be used' }),
  author: IdentitySchema.optional(),
  committer: IdentitySchema.optional(),
  dates: CommitDateOptionsSchema.optional(),
  signoff: z.boolean().optional().openapi({ description: 'Add a Signed-off-by trailer by the committer at the end of the commit log message.' }),
};

const content = z.string().openapi({ description: 'content must be base64 encoded' });
const sha = z.string().min(1).openapi({ description: 'sha is the SHA for the file that already exists' });

export const CreateFileOptionsSchema = z.object({ ...fileOptions, content }).openapi('CreateFileOptions');
export const UpdateFileOptionsSchema = z
  .object({
    ...fileOptions,
    content,
    sha,
    from_path: z
      .string()
      .optional()
      .openapi({ description: 'from_path (optional) is the path of the original file which will be moved/renamed to the path in the URL' }),
  })
  .openapi('UpdateFileOptions');
export const DeleteFileOptionsSchema = z.object({ ...fileOptions, sha }).openapi('DeleteFileOptions');

export const ChangeFileOperationSchema = z
  .object({
    operation: z.enum(['create', 'update', 'delete']).openapi({ description: 'indicates what to do with the file' }),
    path: z.string().min(1).openapi({ description: 'path to the existing or new file' }),
    content: z.string().optional().openapi({ description: 'new or updated file content, must be base64 encoded' }),
    from_path: z.string().optional().openapi({ description: 'old path of the file to move' }),
    sha: z.string().optional().openapi({ description: 'sha is the SHA for the file that already exists, required for update or delete' }),
  })
  .openapi('ChangeFileOperation');
export const ChangeFilesOptionsSchema = z.object({ ...fileOptions, files: z.array(ChangeFileOperationSchema).min(1) }).openapi('ChangeFilesOptions');

export const FileCommitResponseSchema = z
  .object({
    url: z.string(),
    sha: z.string(),
    created: z.string(),
    html_url: z.string(),
    author: CommitUserSchema,
    committer: CommitUserSchema,
    parents: z.array(CommitMetaSchema),
    message: z.string(),
    tree: CommitMetaSchema,
  })
  .openapi('FileCommitResponse');

export const FileResponseSchema = z
  .object({ content: nullableRef(ContentsResponseSchema), commit: FileCommitResponseSchema, verification: PayloadCommitVerificationSchema })
  .openapi('FileResponse');
export const FilesResponseSchema = z
  .object({ files: z.array(nullableRef(ContentsResponseSchema)), commit: FileCommitResponseSchema, verification: PayloadCommitVerificationSchema })
  .openapi('FilesResponse');
export const FileDeleteResponseSchema = z
  .object({ content: z.null(), commit: FileCommitResponseSchema, verification: PayloadCommitVerificationSchema })
  .openapi('FileDeleteResponse');
