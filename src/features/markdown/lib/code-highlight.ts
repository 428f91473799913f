// Highlights fenced code blocks as rehype-highlight (detect: false) did — same `hljs` class, same
// `hljs-*` token spans — but with the app's lazily loaded highlight.js (src/lib/highlight.ts)
// instead of lowlight and its bundled grammar set, so Markdown without code never loads any of it.
import type { Element, ElementContent, Root } from 'hast';
import type { HLJSApi } from 'highlight.js';
import { grammarFor, grammarsToLoad, loadLanguages } from '@/lib/highlight';

// A fence opener's first info word, also inside block quotes and list items. Matching more than
// CommonMark would (e.g. a fence inside an indented code block) only loads a grammar early;
// anything missed here is caught by `onMissing` below.
const FENCE = /^[ \t]*(?:(?:>|[*+-]|\d{1,9}[.)])[ \t]*)*(?:`{3,}|~{3,})[ \t]*([^\s`]+)/gm;

/** The grammars the fenced code blocks in `source` need, sorted (empty when there are none). */
export function fencedGrammars(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(FENCE)) {
    const grammar = grammarFor(m[1]!);
    if (grammar) found.add(grammar);
  }
  return [...found].sort();
}

// One load per grammar set, shared by every Markdown block that needs it and by the preload.
// A failed load resolves to null: the code is then shown plain rather than breaking the page.
// `source` (the whole Markdown text) decides which embedded grammars are worth loading.
const highlighters = new Map<string, Promise<HLJSApi | null>>();
export function highlighterFor(grammars: string[], source?: string): Promise<HLJSApi | null> {
  const key = grammarsToLoad(grammars, source).join(' ');
  let p = highlighters.get(key);
  if (!p) {
    p = loadLanguages(grammars, source).catch(() => null);
    highlighters.set(key, p);
  }
  return p;
}

/** Starts loading what the code blocks in `source` need, alongside the Markdown chunk itself. */
export function preloadHighlighter(source: string): void {
  const grammars = fencedGrammars(source);
  if (grammars.length > 0) void highlighterFor(grammars, source);
}

export interface CodeHighlightOptions {
  /** highlight.js with the needed grammars registered, or null to leave code plain. */
  hljs: HLJSApi | null;
  /** Called with a grammar a block needs but that is not registered yet. */
  onMissing?: (grammar: string) => void;
}

/** `false` for an explicit no-highlight class, as rehype-highlight does. */
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

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#x27);/g, (e) => ENTITIES[e]!);

/**
 * highlight.js output (nothing but `<span class>` tags and escaped text) as hast, so React renders
 * it as elements rather than through innerHTML.
 */
export function highlightedToHast(html: string): ElementContent[] {
  const root: ElementContent[] = [];
  const stack: Element[] = [];
  const re = /<span class="([^"]*)">|<\/span>|([^<]+)/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const into = stack.length ? stack[stack.length - 1]!.children : root;
    if (m[1] !== undefined) {
      const span: Element = { type: 'element', tagName: 'span', properties: { className: m[1].split(' ') }, children: [] };
      into.push(span);
      stack.push(span);
    } else if (m[2] !== undefined) {
      into.push({ type: 'text', value: decode(m[2]) });
    } else {
      stack.pop();
    }
  }
  return root;
}

function walk(node: Root | Element, visit: (el: Element, parent: Root | Element) => void) {
  for (const child of node.children) {
    if (child.type === 'element') {
      visit(child, node);
      walk(child, visit);
    }
  }
}

export function rehypeCodeHighlight({ hljs, onMissing }: CodeHighlightOptions) {
  return (tree: Root) => {
    walk(tree, (code, parent) => {
      if (code.tagName !== 'code' || parent.type !== 'element' || parent.tagName !== 'pre') return;
      const lang = languageOf(code);
      if (!lang) return;
      if (!Array.isArray(code.properties.className)) code.properties.className = [];
      if (!code.properties.className.includes('hljs')) code.properties.className.unshift('hljs');
      if (!hljs?.getLanguage(lang)) {
        const grammar = grammarFor(lang);
        if (grammar) onMissing?.(grammar);
        return;
      }
      const html = hljs.highlight(code.children.map(textOf).join(''), { language: lang, ignoreIllegals: true }).value;
      const children = highlightedToHast(html);
      if (children.length > 0) code.children = children;
    });
  };
}
