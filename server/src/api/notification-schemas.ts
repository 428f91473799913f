// Gitea's modules/structs/notifications.go: NotificationThread, NotificationSubject, NotificationCount,
// and the query parameters of the notification routes.
import { nullableRef, z, zLimit, zPage, zQueryBool } from './openapi.ts';
import { zIndex } from './params.ts';
import { RepositorySchema } from './schemas.ts';

export const NotificationSubjectSchema = z
  .object({
    title: z.string(),
    url: z.string(),
    latest_comment_url: z.string(),
    html_url: z.string(),
    latest_comment_html_url: z.string(),
    type: z.enum(['Issue', 'Pull', 'Commit', 'Repository', 'Release']),
    state: z.enum(['open', 'closed', 'merged', '']),
  })
  .openapi('NotificationSubject');

export const NotificationThreadSchema = z
  .object({
    id: z.number().int(),
    repository: nullableRef(RepositorySchema),
    subject: NotificationSubjectSchema,
    unread: z.boolean(),
    pinned: z.boolean(),
    updated_at: z.string(),
    url: z.string(),
  })
  .openapi('NotificationThread');

export const NotificationThreadList = z.array(NotificationThreadSchema).openapi('NotificationThreadList');

export const NotificationCountSchema = z.object({ new: z.number().int() }).openapi('NotificationCount');

/** A query parameter given once (a string) or repeated (an array). */
const zStrings = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]));

export const NotificationListQuery = z.object({
  all: zQueryBool.optional(),
  'status-types': zStrings.openapi({ description: 'unread, read and/or pinned; default unread and pinned' }),
  'subject-type': zStrings.openapi({ description: 'issue, pull, commit, repository and/or release' }),
  since: z.string().optional().openapi({ description: 'only threads updated at or after this time (RFC 3339)' }),
  before: z.string().optional().openapi({ description: 'only threads updated at or before this time (RFC 3339)' }),
  page: zPage,
  limit: zLimit,
});

export const NotificationMarkQuery = z.object({
  all: zQueryBool.optional().openapi({ description: 'mark every thread, whatever its status' }),
  'status-types': zStrings.openapi({ description: 'mark threads of these statuses; default unread' }),
  'to-status': z.string().optional().openapi({ description: 'read (default), unread or pinned' }),
  last_read_at: z.string().optional().openapi({ description: 'only threads updated at or before this time (RFC 3339)' }),
});

// Not a number: 0, which no thread has (Gitea's PathParamInt64), so 404 rather than 400.
export const ThreadParam = z.object({ id: zIndex('id') });

export const ThreadPatchQuery = z.object({ 'to-status': z.string().optional().openapi({ description: 'read (default), unread or pinned' }) });
