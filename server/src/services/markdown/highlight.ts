// Fenced code highlighted as the web app does it (src/features/markdown/lib/code-highlight.ts):
// highlight.js, the `hljs` class on <code> and `hljs-*` token spans, so markdown.css styles the
// server's HTML as it styled the browser's. highlight.js loads on the first text with fenced code.
import type { Element, ElementContent, Root } from 'hast';
import type { HLJSApi } from 'highlight.js';
import { textOf } from './tree.ts';

let loading: Promise<HLJSApi> | undefined;
/** highlight.js with lowlight's `common` grammar set plus dockerfile: what the web app loads. */
export const loadHighlighter = () =>
  (loading ??= Promise.all([import('highlight.js/lib/common'), import('highlight.js/lib/languages/dockerfile')]).then(([common, docker]) => {
    const hljs = common.default;
    if (!hljs.getLanguage('dockerfile')) hljs.registerLanguage('dockerfile', docker.default);
    return hljs;
  }));

function languageOf(code: Element): string | false | undefined {
  const list = code.properties.className;
  if (!Array.isArray(list)) return undefined;
  let name: string | undefined;
  for (const item of list) {
    const value = String(item);
    if (value === 'no-highlight' || value === 'nohighlight') return false;
    if (!name && value.startsWith('lang-')) name = value.slice(5);
    if (!name && value.startsWith('language-')) name = value.slice(9);
  }
  return name;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#x27);/g, (e) => ENTITIES[e]!);

/** highlight.js output (only `<span class>` tags and escaped text) as hast. */
function highlightedToHast(html: string): ElementContent[] {
  const root: ElementContent[] = [];
  const stack: Element[] = [];
  const re = /<span class="([^"]*)">|<\/span>|([^<]+)/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const into = stack.length ? stack[stack.length - 1]!.children : root;
    if (m[1] !== undefined) {
      const span: Element = { type: 'element', tagName: 'span', properties: { className: m[1].split(' ') }, children: [] };
      into.push(span);
      stack.push(span);
    } else if (m[2] !== undefined) into.push({ type: 'text', value: decode(m[2]) });
    else stack.pop();
  }
  return root;
}

function codeBlocks(node: Root | Element, out: Element[] = []): Element[] {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'pre') {
      for (const c of child.children) if (c.type === 'element' && c.tagName === 'code') out.push(c);
    } else codeBlocks(child, out);
  }
  return out;
}

/** Runs after the sanitizer: only the `language-*` class it kept decides the grammar. */
export function rehypeHighlight() {
  return async (tree: Root) => {
    const blocks = codeBlocks(tree).filter((code) => languageOf(code));
    if (blocks.length === 0) return;
    const hljs = await loadHighlighter();
    for (const code of blocks) {
      const lang = languageOf(code) as string;
      const list = Array.isArray(code.properties.className) ? code.properties.className : (code.properties.className = []);
      if (!list.includes('hljs')) list.unshift('hljs');
      if (!hljs.getLanguage(lang)) continue;
      const html = hljs.highlight(code.children.map(textOf).join(''), { language: lang, ignoreIllegals: true }).value;
      const children = highlightedToHast(html);
      if (children.length > 0) code.children = children;
    }
  };
}
