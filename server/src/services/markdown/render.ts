// Gitea's POST /markdown and /markdown/raw (routers/common/markup.go RenderMarkup): Markdown to
// sanitized HTML with the web app's own stack — remark-parse with GFM (tables, task lists,
// strikethrough, autolinks, footnotes), remark-rehype, rehype-sanitize with GitHub's schema — so
// the server's HTML is what the browser drew before (issue #22). Modes as Gitea's: '' and
// 'markdown' render the text alone (links still resolve against the context); 'gfm', 'comment',
// 'file' and wiki texts also link references and replace emoji shortcodes; 'comment' keeps line
// breaks as Gitea's comments do. Any other mode is a 422.
import type { PhrasingContent, Root as MdRoot } from 'mdast';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import { ApiError, unprocessable } from '../../errors.ts';
import { cachedRender } from './cache.ts';
import { parseContext, type RenderData } from './context.ts';
import { rehypeHighlight } from './highlight.ts';
import { rehypeLinks } from './links.ts';
import { remarkEmoji } from './emoji.ts';
import { remarkReferences } from './references.ts';
import { replaceText } from './tree.ts';

/** Largest text rendered, in bytes (GitHub's /markdown takes 400 KB; a README larger than this is rare). */
export const MARKDOWN_MAX_BYTES = 1024 * 1024;
export const tooLarge = () => new ApiError(413, `text is too large (maximum ${MARKDOWN_MAX_BYTES} bytes)`);

export interface MarkdownOptions {
  text: string;
  mode?: string;
  context?: string;
  wiki?: boolean;
}

const MODES = new Set(['', 'markdown', 'gfm', 'comment', 'file', 'wiki']);

// GFM's parser half only (as the web app's remark-gfm-parse.ts): nothing here writes Markdown.
function remarkGfmParse(this: Processor) {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}

/** Every newline in text becomes a line break, as in Gitea's comments. */
function remarkHardBreaks() {
  const split = (value: string): PhrasingContent[] | null => {
    if (!value.includes('\n')) return null;
    const parts: PhrasingContent[] = [];
    value.split('\n').forEach((text, j) => {
      if (j > 0) parts.push({ type: 'break' });
      if (text) parts.push({ type: 'text', value: text });
    });
    return parts;
  };
  return (tree: MdRoot) => replaceText(tree, split);
}

const schema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ['className', /^language-./]],
    // The footnote class, and the ones references give mentions, issue and commit links.
    a: [
      ...(defaultSchema.attributes?.a ?? []).filter((a) => !(Array.isArray(a) && a[0] === 'className')),
      ['className', 'data-footnote-backref', 'mention', 'issue-ref', 'commit-ref'],
    ],
  },
};

type Kind = 'plain' | 'full' | 'comment';

function build(kind: Kind) {
  const processor = unified().use(remarkParse).use(remarkGfmParse);
  if (kind !== 'plain') processor.use(remarkReferences).use(remarkEmoji);
  if (kind === 'comment') processor.use(remarkHardBreaks);
  return processor.use(remarkRehype, { clobberPrefix: '' }).use(rehypeSanitize, schema).use(rehypeHighlight).use(rehypeLinks).use(rehypeStringify).freeze();
}

const processors = new Map<Kind, ReturnType<typeof build>>();

/**
 * The processor for a (known) mode, built once and shared: building one (GFM's parser extensions
 * above all) costs more than rendering a comment. What differs per text travels on its file.
 */
export function markdownProcessor(mode: string) {
  const kind: Kind = mode === '' || mode === 'markdown' ? 'plain' : mode === 'comment' ? 'comment' : 'full';
  let processor = processors.get(kind);
  if (!processor) processors.set(kind, (processor = build(kind)));
  return processor;
}

/**
 * The HTML for `options.text`. `rootUrl` is this forge's URL (its origin decides which links are
 * external, its path is the sub-path contexts may carry).
 */
export async function renderMarkdown(options: MarkdownOptions, rootUrl: string): Promise<string> {
  const mode = options.wiki ? 'wiki' : (options.mode ?? '');
  if (!MODES.has(mode)) throw unprocessable(`Unknown mode: ${mode}`);
  if (Buffer.byteLength(options.text) > MARKDOWN_MAX_BYTES) throw tooLarge();
  if (options.text === '') return '';
  return cachedRender(options.text, [mode, options.context ?? '', rootUrl], async () => {
    const root = new URL(rootUrl);
    const subPath = root.pathname.replace(/\/+$/, '');
    const ctx = parseContext(options.context, subPath);
    // User pages: on this forge's origin for an absolute context, else under the sub-path the context has.
    const site = options.context && /^https?:\/\//i.test(options.context.trim()) ? `${root.origin}${subPath}` : (ctx.sub ?? subPath);
    const render: RenderData = { ctx, site, origin: root.origin };
    return String(await markdownProcessor(mode).process({ value: options.text, data: { render } }));
  });
}
