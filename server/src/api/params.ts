// Path and query parameters that many route modules share, declared once.
import { z, zLimit, zPage } from './openapi.ts';

export const RepoParams = z.object({ owner: z.string(), repo: z.string() });

export const IssueParams = RepoParams.extend({
  index: z.coerce
    .number()
    .int()
    .openapi({ param: { name: 'index', in: 'path' }, example: 1 }),
});

export const PageQuery = z.object({ page: zPage, limit: zLimit });
