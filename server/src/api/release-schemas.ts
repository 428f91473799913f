// Releases in Gitea's shapes (modules/structs/release.go): Release, CreateReleaseOption, EditReleaseOption.
import { z } from '@hono/zod-openapi';
import { UserSchema } from './schemas.ts';
import { AttachmentSchema } from './issue-schemas.ts';

export const ReleaseSchema = z
  .object({
    id: z.number().int(),
    tag_name: z.string(),
    target_commitish: z.string(),
    name: z.string(),
    body: z.string(),
    url: z.string(),
    html_url: z.string(),
    tarball_url: z.string(),
    zipball_url: z.string(),
    upload_url: z.string(),
    draft: z.boolean(),
    prerelease: z.boolean(),
    created_at: z.string(),
    published_at: z.string(),
    author: UserSchema,
    assets: z.array(AttachmentSchema),
  })
  .openapi('Release');

export type ApiRelease = z.infer<typeof ReleaseSchema>;

export const CreateReleaseOptionSchema = z
  .object({
    tag_name: z.string().min(1),
    target_commitish: z.string().optional(),
    name: z.string().optional(),
    body: z.string().optional(),
    draft: z.boolean().optional(),
    prerelease: z.boolean().optional(),
  })
  .openapi('CreateReleaseOption');

export const EditReleaseOptionSchema = z
  .object({
    tag_name: z.string().optional(),
    target_commitish: z.string().optional(),
    name: z.string().optional(),
    body: z.string().optional(),
    draft: z.boolean().optional(),
    prerelease: z.boolean().optional(),
  })
  .openapi('EditReleaseOption');

export type CreateReleaseOption = z.infer<typeof CreateReleaseOptionSchema>;
export type EditReleaseOption = z.infer<typeof EditReleaseOptionSchema>;
