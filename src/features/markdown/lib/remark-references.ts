// Turns `@user` into a profile link and `#N` / `owner/repo#N` into issue links, as forges do. Runs
// on the Markdown tree, so code spans, code blocks and existing links are never touched; the
// result still goes through the sanitizer like any other link.
import type { Link, Parent, PhrasingContent, Root, Text } from 'mdast';
import { paths } from '@/lib/paths';

export interface ReferenceContext {
  owner: string;
  repo: string;
}

// A mention or reference must start at a word boundary so e-mail addresses, URLs and things like
// "a#1" stay plain text. Gitea user names: letters, digits, '-', '_', '.', not ending in '.'.
const NAME = '[A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9_-])?';
const PATTERN = new RegExp(`(^|[^A-Za-z0-9_.@/#&-])(?:@(${NAME})|(?:(${NAME})\\/(${NAME}))?#(\\d+))(?![A-Za-z0-9_])`, 'g');

function link(url: string, text: string, className: string): Link {
  return { type: 'link', url, children: [{ type: 'text', value: text }], data: { hProperties: { className: [className] } } };
}

export function splitReferences(value: string, ctx: ReferenceContext | undefined): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let last = 0;
  for (const m of value.matchAll(PATTERN)) {
    const [whole, lead, user, refOwner, refRepo, num] = m;
    const start = m.index! + lead!.length;
    let node: Link | null = null;
    if (user) node = link(paths.user.href(user), `@${user}`, 'mention');
    else if (num && refOwner && refRepo) node = link(paths.issue.href(refOwner, refRepo, Number(num)), `${refOwner}/${refRepo}#${num}`, 'issue-ref');
    else if (num && ctx) node = link(paths.issue.href(ctx.owner, ctx.repo, Number(num)), `#${num}`, 'issue-ref');
    if (!node) continue;
    if (start > last) out.push({ type: 'text', value: value.slice(last, start) });
    out.push(node);
    last = m.index! + whole.length;
  }
  if (last === 0) return [{ type: 'text', value }];
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
  return out;
}

const SKIP = new Set(['link', 'linkReference', 'code', 'inlineCode', 'html', 'definition']);

function walk(node: Parent, ctx: ReferenceContext | undefined) {
  for (let i = 0; i < node.children.length; i++) {
    const child = node.children[i]!;
    if (SKIP.has(child.type)) continue;
    if (child.type === 'text') {
      const parts = splitReferences((child as Text).value, ctx);
      if (parts.length > 1 || parts[0]!.type !== 'text') {
        node.children.splice(i, 1, ...(parts as typeof node.children));
        i += parts.length - 1;
      }
    } else if ('children' in child) {
      walk(child as Parent, ctx);
    }
  }
}

/** `ctx` is the repository `#N` refers to; without it only `@user` and `owner/repo#N` link. */
export function remarkReferences(ctx?: ReferenceContext) {
  return (tree: Root) => walk(tree, ctx);
}
