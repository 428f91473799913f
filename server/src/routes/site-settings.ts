// Gitea's GET /settings/api, /settings/attachment, /settings/repository and /settings/ui
// (routers/api/v1/settings/settings.go): what this server's limits and switches are, so a client
// can page and upload within them. Public, as on Gitea.
import { createRoute } from '@hono/zod-openapi';
import { createRouter, json, z } from '../api/openapi.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../api/paging.ts';
import { ALLOWED_REACTIONS } from '../services/reactions.ts';

export const siteSettingsRoutes = createRouter();

const GeneralAPISettings = z
  .object({
    max_response_items: z.number().int(),
    default_paging_num: z.number().int(),
    default_git_trees_per_page: z.number().int(),
    default_max_blob_size: z.number().int(),
  })
  .openapi('GeneralAPISettings');
const GeneralAttachmentSettings = z
  .object({ enabled: z.boolean(), allowed_types: z.string(), max_size: z.number().int(), max_files: z.number().int() })
  .openapi('GeneralAttachmentSettings');
const GeneralRepoSettings = z
  .object({
    mirrors_disabled: z.boolean(),
    http_git_disabled: z.boolean(),
    migrations_disabled: z.boolean(),
    stars_disabled: z.boolean(),
    time_tracking_disabled: z.boolean(),
    lfs_disabled: z.boolean(),
  })
  .openapi('GeneralRepoSettings');
const GeneralUISettings = z
  .object({ default_theme: z.string(), allowed_reactions: z.array(z.string()), custom_emojis: z.array(z.string()) })
  .openapi('GeneralUISettings');

const route = <S extends z.ZodTypeAny>(path: string, operationId: string, summary: string, schema: S, name: string) =>
  createRoute({ method: 'get', path, operationId, tags: ['settings'], summary, responses: { 200: json(schema, name) } });

siteSettingsRoutes.openapi(
  route('/settings/api', 'getGeneralAPISettings', "Get instance's global settings for api", GeneralAPISettings, 'GeneralAPISettings'),
  (c) =>
    // Gitea's DefaultGitTreesPerPage and DefaultMaxBlobSize, which /git/trees and /git/blobs use.
    c.json(
      { max_response_items: MAX_LIMIT, default_paging_num: DEFAULT_LIMIT, default_git_trees_per_page: 1000, default_max_blob_size: 10 * 1024 * 1024 },
      200,
    ),
);

siteSettingsRoutes.openapi(
  route(
    '/settings/attachment',
    'getGeneralAttachmentSettings',
    "Get instance's global settings for Attachment",
    GeneralAttachmentSettings,
    'GeneralAttachmentSettings',
  ),
  // max_size in MiB and allowed_types, as Gitea's [attachment] MAX_SIZE and ALLOWED_TYPES.
  (c) =>
    c.json(
      {
        enabled: true,
        allowed_types: c.var.deps.config.attachmentAllowedTypes,
        max_size: Math.floor(c.var.deps.config.attachmentMaxSize / (1024 * 1024)),
        max_files: 5,
      },
      200,
    ),
);

siteSettingsRoutes.openapi(
  route('/settings/repository', 'getGeneralRepositorySettings', "Get instance's global settings for repositories", GeneralRepoSettings, 'GeneralRepoSettings'),
  (c) =>
    c.json(
      { mirrors_disabled: true, http_git_disabled: false, migrations_disabled: true, stars_disabled: false, time_tracking_disabled: true, lfs_disabled: true },
      200,
    ),
);

siteSettingsRoutes.openapi(
  route('/settings/ui', 'getGeneralUISettings', "Get instance's global settings for ui", GeneralUISettings, 'GeneralUISettings'),
  (c) => c.json({ default_theme: 'gitea-auto', allowed_reactions: [...ALLOWED_REACTIONS], custom_emojis: [] }, 200),
);
