// Gitea's MarkdownOption (modules/structs/miscellaneous.go): the body of POST /markdown.
import { z } from './openapi.ts';

export const MarkdownOptionSchema = z
  .object({
    Text: z.string().optional().openapi({ description: 'Text markdown to render' }),
    Mode: z.string().optional().openapi({ description: 'Mode to render (markdown, gfm, comment, file); in: body' }),
    Context: z.string().optional().openapi({
      description:
        'URL path of the page the text belongs to, e.g. /owner/repo or /owner/repo/src/branch/main/docs: relative links and #N references resolve against it',
    }),
    Wiki: z.boolean().optional().openapi({ description: 'Is it a wiki page? (defaults to false)' }),
  })
  .openapi('MarkdownOption');

/** Gitea's MarkdownRender response: the HTML as text/html. */
export const markdownRender = {
  description: 'MarkdownRender is a rendered markdown document',
  content: { 'text/html': { schema: z.string() } },
};
