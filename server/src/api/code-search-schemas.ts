// Code search results (an extension; Gitea has no code search API of this shape).
import { z } from '@hono/zod-openapi';

export const CodeSearchResultSchema = z
  .object({
    query: z.string(),
    ref: z.string(),
    commit: z.string().openapi({ description: 'the commit searched ("" when nothing was searched)' }),
    total_files: z.number().int().openapi({ description: 'files with matches (a lower bound when truncated)' }),
    total_matches: z.number().int(),
    truncated: z.boolean().openapi({ description: 'the search stopped at its time or output limit: there may be more matches' }),
    files: z.array(
      z.object({
        path: z.string(),
        matches: z.array(
          z.object({
            line: z.number().int(),
            text: z.string(),
            ranges: z.array(z.tuple([z.number().int(), z.number().int()])).openapi({ description: '[start, end) of each match in text' }),
          }),
        ),
      }),
    ),
  })
  .openapi('CodeSearchResult');
