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

/** A path number (index, review id): Gitea reads one that is not a number as 0, which nothing has, so 404 rather than 400. */
export const zIndex = (name: string) =>
  z.coerce
    .number()
    .int()
    .catch(0)
    .openapi({ param: { name, in: 'path' }, type: 'integer', example: 1 });
