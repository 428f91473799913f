// Runs after the sanitizer, as the web app's rehype-links.ts and resolve-url.ts do: headings get
// GitHub-style `user-content-` anchors and in-page links point at them, relative links and images
// resolve against the context, links to other hosts open in a new tab without window.opener, and
// task-list checkboxes are named by their item's words (for screen readers).
import type { Element, ElementContent, Root } from 'hast';
import { renderData } from './context.ts';
import { textOf } from './tree.ts';

const PREFIX = 'user-content-';

/** A list item's own words, without its nested lists. */
const ownText = (node: ElementContent): string =>
  node.type === 'text' ? node.value : node.type === 'element' && node.tagName !== 'ul' && node.tagName !== 'ol' ? node.children.map(ownText).join('') : '';

export const slugify = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const isAbsolute = (url: string) => /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');

/** `url` resolved against the folder URL `base` (absolute or site-relative); absolute, site-absolute and fragment URLs unchanged. */
export function resolveRelative(url: string, base: string | undefined): string {
  if (!base || !url || isAbsolute(url) || url.startsWith('/') || url.startsWith('#') || url.startsWith('?')) return url;
  const dummy = 'http://resolve.invalid';
  const out = new URL(url, isAbsolute(base) ? new URL(base) : new URL(base, dummy));
  return `${out.origin === dummy ? '' : out.origin}${out.pathname}${out.search}${out.hash}`;
}

function walk(node: Root | Element, visit: (el: Element) => void) {
  for (const child of node.children) {
    if (child.type === 'element') {
      visit(child);
      walk(child, visit);
    }
  }
}

/** The context and this forge's origin come from the file's render data. */
export function rehypeLinks() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const { ctx, origin } = renderData(file);
    const seen = new Map<string, number>();
    walk(tree, (el) => {
      if (/^h[1-6]$/.test(el.tagName) && !el.properties.id) {
        const base = slugify(textOf(el)) || 'section';
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        el.properties.id = `${PREFIX}${n ? `${base}-${n}` : base}`;
      }
      if (el.tagName === 'li' && Array.isArray(el.properties.className) && el.properties.className.includes('task-list-item')) {
        // In a loose list the checkbox sits in the item's first paragraph.
        const first = el.children.find((c): c is Element => c.type === 'element');
        const inP = first?.tagName === 'p' ? first.children : el.children;
        const box = inP.find((c): c is Element => c.type === 'element' && c.tagName === 'input');
        const label = el.children.map(ownText).join('').trim().replace(/\s+/g, ' ');
        if (box) box.properties.ariaLabel = label || 'Task';
      }
      if (el.tagName === 'img' && typeof el.properties.src === 'string') {
        el.properties.src = resolveRelative(el.properties.src, ctx.imageBase);
        el.properties.loading = 'lazy';
        if (el.properties.alt === undefined) el.properties.alt = '';
      }
      if (el.tagName !== 'a' || typeof el.properties.href !== 'string') return;
      const href = el.properties.href;
      if (href.startsWith('#') && href.length > 1 && !href.startsWith(`#${PREFIX}`)) {
        el.properties.href = `#${PREFIX}${href.slice(1)}`;
        return;
      }
      // Judged once resolved: a relative link in a context on another host leads there too.
      const url = (el.properties.href = resolveRelative(href, ctx.linkBase));
      if (!/^(https?:)?\/\//i.test(url)) return;
      let external = true;
      try {
        external = new URL(url, origin).origin !== origin;
      } catch {}
      if (external) {
        el.properties.target = '_blank';
        el.properties.rel = ['noopener', 'noreferrer'];
      }
    });
  };
}
