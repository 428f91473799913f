// `@user`, `#N`, `owner/repo#N` and commit ids as links, on the Markdown tree (so code spans, code
// blocks and existing links are never touched). The same patterns as the web app's
// src/features/markdown/lib/remark-references.ts (the server cannot import the web app's code):
// a reference must start at a word boundary, so e-mail addresses, URLs and "a#1" stay text. Only
// the link is made: nothing about the issue, user or commit is looked up, so nothing private leaks.
import type { Link, PhrasingContent, Root } from 'mdast';
import { renderData, type RenderContext } from './context.ts';
import { replaceText } from './tree.ts';

const NAME = '[A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9_-])?';
const PATTERN = new RegExp(`(^|[^A-Za-z0-9_.@/#&-])(?:@(${NAME})|(?:(${NAME})\\/(${NAME}))?#(\\d+)|([0-9a-f]{7,40}))(?![A-Za-z0-9_])`, 'g');
// A commit id has a letter and a digit, so plain numbers and words like "deadbeef" stay text.
const SHA = /^(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}$/;

const enc = encodeURIComponent;
const link = (url: string, text: string, className: string, code = false): Link => ({
  type: 'link',
  url,
  children: code ? [{ type: 'inlineCode', value: text }] : [{ type: 'text', value: text }],
  data: { hProperties: { className: [className] } },
});

export function splitReferences(value: string, ctx: RenderContext['repo'], site: string): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let last = 0;
  for (const m of value.matchAll(PATTERN)) {
    const [whole, lead, user, refOwner, refRepo, num, sha] = m;
    const start = m.index + lead!.length;
    let node: Link | null = null;
    if (user) node = link(`${site}/${enc(user)}`, `@${user}`, 'mention');
    else if (num && refOwner && refRepo) node = link(`${site}/${enc(refOwner)}/${enc(refRepo)}/issues/${num}`, `${refOwner}/${refRepo}#${num}`, 'issue-ref');
    else if (num && ctx) node = link(`${ctx.prefix}/issues/${num}`, `#${num}`, 'issue-ref');
    else if (sha && ctx && SHA.test(sha)) node = link(`${ctx.prefix}/commit/${sha}`, sha.slice(0, 10), 'commit-ref', true);
    if (!node) continue;
    if (start > last) out.push({ type: 'text', value: value.slice(last, start) });
    out.push(node);
    last = m.index + whole.length;
  }
  if (last === 0) return [{ type: 'text', value }];
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
  return out;
}

const SKIP = new Set(['link', 'linkReference', 'code', 'inlineCode', 'html', 'definition']);

/** The repository and the user pages' prefix come from the file's render data. */
export function remarkReferences() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const { ctx, site } = renderData(file);
    replaceText(
      tree,
      (value) => {
        const parts = splitReferences(value, ctx.repo, site);
        return parts.length > 1 || parts[0]!.type !== 'text' ? parts : null;
      },
      SKIP,
    );
  };
}
