// Gitea's POST /markdown and POST /markdown/raw (routers/api/v1/misc/markdown.go): Markdown to
// sanitized HTML, for anyone (no token needed, nothing private is looked up). The web app renders
// a repository's README through it (issue #22). A body that is not JSON is a 400, as the spec and
// every other route here say; a text over the size limit a 413.
import { createRoute } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { createRouter, errorResponses, jsonBody } from '../api/openapi.ts';
import { MarkdownOptionSchema, markdownRender } from '../api/markdown-schemas.ts';
import { errorBody } from '../api/errors-body.ts';
import { MARKDOWN_MAX_BYTES, renderMarkdown, tooLarge } from '../services/markdown/render.ts';

export const markdownRoutes = createRouter();

const html = (c: Context<AppEnv>, text: string) => c.body(text, 200, { 'Content-Type': 'text/html; charset=utf-8' });
// JSON escaping can double a text's size; the text itself is measured by the service.
const limit = (max: number) => bodyLimit({ maxSize: max, onError: (c) => c.json(errorBody(c.var.deps.config, tooLarge().message), 413) });
markdownRoutes.post('/markdown', limit(2 * MARKDOWN_MAX_BYTES + 64 * 1024));
markdownRoutes.post('/markdown/raw', limit(MARKDOWN_MAX_BYTES));

markdownRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/markdown',
    operationId: 'renderMarkdown',
    tags: ['miscellaneous'],
    summary: 'Render a markdown document as HTML',
    request: { body: jsonBody(MarkdownOptionSchema) },
    responses: { 200: markdownRender, ...errorResponses(400, 413, 422) },
  }),
  async (c) => {
    const form: { Text?: string; Mode?: string; Context?: string; Wiki?: boolean } = c.req.valid('json');
    const out = await renderMarkdown({ text: form.Text ?? '', mode: form.Mode, context: form.Context, wiki: form.Wiki }, c.var.deps.config.rootUrl);
    return html(c, out);
  },
);

markdownRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/markdown/raw',
    operationId: 'renderMarkdownRaw',
    tags: ['miscellaneous'],
    summary: 'Render raw markdown as HTML',
    // A plain schema (not zod): the handler reads the body as text, nothing parses it before.
    request: { body: { description: 'Request body to render', content: { 'text/plain': { schema: { type: 'string' } } }, required: true } },
    responses: { 200: markdownRender, ...errorResponses(413, 422) },
  }),
  async (c) => html(c, await renderMarkdown({ text: await c.req.text() }, c.var.deps.config.rootUrl)),
);
