// Runs after the sanitizer: gives headings GitHub-style anchors, points in-page links at those
// (sanitized) ids, and opens links to other hosts in a new tab without handing them window.opener.
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { isExternal } from './resolve-url';

const PREFIX = 'user-content-';

function textOf(node: ElementContent | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function walk(node: Root | Element, visit: (el: Element) => void) {
  for (const child of node.children) {
    if (child.type === 'element') {
      visit(child);
      walk(child, visit);
    }
  }
}

export function rehypeLinks() {
  return (tree: Root) => {
    const seen = new Map<string, number>();
    walk(tree, (el) => {
      if (/^h[1-6]$/.test(el.tagName) && !el.properties.id) {
        const base = slugify(textOf(el)) || 'section';
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        el.properties.id = `${PREFIX}${n ? `${base}-${n}` : base}`;
      }
      if (el.tagName !== 'a' || typeof el.properties.href !== 'string') return;
      const href = el.properties.href;
      if (href.startsWith('#') && href.length > 1 && !href.startsWith(`#${PREFIX}`)) {
        el.properties.href = `#${PREFIX}${href.slice(1)}`;
      } else if (isExternal(href)) {
        el.properties.target = '_blank';
        el.properties.rel = ['noopener', 'noreferrer'];
      }
    });
  };
}
