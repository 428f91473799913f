// highlight.js for the file view and Markdown code blocks. The core and each grammar are separate
// chunks loaded on first use, so a page pays only for the languages it actually shows. Both
// callers share one core instance, so a grammar is fetched and registered once per session.
import type { HLJSApi, LanguageFn } from 'highlight.js';

type Loader = () => Promise<{ default: LanguageFn }>;

// The grammar set of lowlight's `common` (what Markdown highlighted before) plus dockerfile.
const grammars: Record<string, Loader> = {
  arduino: () => import('highlight.js/lib/languages/arduino'),
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  go: () => import('highlight.js/lib/languages/go'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  less: () => import('highlight.js/lib/languages/less'),
  lua: () => import('highlight.js/lib/languages/lua'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  objectivec: () => import('highlight.js/lib/languages/objectivec'),
  perl: () => import('highlight.js/lib/languages/perl'),
  php: () => import('highlight.js/lib/languages/php'),
  'php-template': () => import('highlight.js/lib/languages/php-template'),
  plaintext: () => import('highlight.js/lib/languages/plaintext'),
  python: () => import('highlight.js/lib/languages/python'),
  'python-repl': () => import('highlight.js/lib/languages/python-repl'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scss: () => import('highlight.js/lib/languages/scss'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  vbnet: () => import('highlight.js/lib/languages/vbnet'),
  wasm: () => import('highlight.js/lib/languages/wasm'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};

// Each grammar's own aliases, needed before the grammar is loaded to know which one to fetch
// (highlight.test.ts checks this table against the grammars).
const aliases: Record<string, string> = {
  ino: 'arduino',
  sh: 'bash',
  zsh: 'bash',
  h: 'c',
  cc: 'cpp',
  'c++': 'cpp',
  'h++': 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  hxx: 'cpp',
  cxx: 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  patch: 'diff',
  docker: 'dockerfile',
  golang: 'go',
  gql: 'graphql',
  toml: 'ini',
  jsp: 'java',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsonc: 'json',
  json5: 'json',
  kt: 'kotlin',
  kts: 'kotlin',
  ktm: 'kotlin',
  ktx: 'kotlin',
  pluto: 'lua',
  mk: 'makefile',
  mak: 'makefile',
  make: 'makefile',
  md: 'markdown',
  mkdown: 'markdown',
  mkd: 'markdown',
  mm: 'objectivec',
  objc: 'objectivec',
  'obj-c': 'objectivec',
  'obj-c++': 'objectivec',
  'objective-c++': 'objectivec',
  pl: 'perl',
  pm: 'perl',
  text: 'plaintext',
  txt: 'plaintext',
  py: 'python',
  gyp: 'python',
  ipython: 'python',
  pycon: 'python-repl',
  rb: 'ruby',
  gemspec: 'ruby',
  podspec: 'ruby',
  thor: 'ruby',
  irb: 'ruby',
  rs: 'rust',
  console: 'shell',
  shellsession: 'shell',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  vb: 'vbnet',
  html: 'xml',
  xhtml: 'xml',
  rss: 'xml',
  atom: 'xml',
  xjb: 'xml',
  xsd: 'xml',
  xsl: 'xml',
  plist: 'xml',
  wsf: 'xml',
  svg: 'xml',
  yml: 'yaml',
};

// Grammars that hand parts of the text to another one (`subLanguage`): without it loaded too,
// e.g. the <script> in an HTML block would stay plain.
const embeds: Record<string, string[]> = {
  dockerfile: ['bash'],
  javascript: ['xml', 'css', 'graphql'],
  markdown: ['xml'],
  'php-template': ['xml', 'php'],
  'python-repl': ['python'],
  shell: ['bash'],
  typescript: ['xml', 'css', 'graphql'],
  xml: ['css', 'javascript'],
  yaml: ['ruby'],
};

// What in a text makes a grammar hand over to an embedded one (the grammars' own rules: JSX and
// html`…` for xml, css`…`, gql`…`, <style>, <script>, ERB tags). Given the text, loadLanguages
// fetches only the embeds it can use, e.g. TypeScript without xml, css, javascript and graphql
// (8 KB gzipped) for code with none of these; a grammar not listed here takes all its embeds.
const embedTriggers: Record<string, Record<string, RegExp>> = {
  javascript: { xml: /<|html`/, css: /css`/, graphql: /gql`/ },
  typescript: { xml: /<|html`/, css: /css`/, graphql: /gql`/ },
  xml: { css: /<style/i, javascript: /<script/i },
  markdown: { xml: /<\/?[A-Za-z_]/ },
  yaml: { ruby: /<%/ },
};

/** The grammar that highlights `name` (a language name or alias, any case), or null. */
export function grammarFor(name: string): string | null {
  const key = name.toLowerCase();
  if (Object.hasOwn(grammars, key)) return key;
  return Object.hasOwn(aliases, key) ? aliases[key]! : null;
}

let core: HLJSApi | null = null;
let corePromise: Promise<HLJSApi> | null = null;
const loadCore = () =>
  (corePromise ??= import('highlight.js/lib/core').then((m) => {
    core = m.default;
    return core;
  }));

const registering = new Map<string, Promise<void>>();

function registerOne(name: string, hljs: HLJSApi): Promise<void> {
  let done = registering.get(name);
  if (!done) {
    done = grammars[name]!().then((grammar) => {
      if (!hljs.getLanguage(name)) hljs.registerLanguage(name, grammar.default);
    });
    // A failed chunk load (e.g. offline) may be retried on the next call.
    done.catch(() => registering.delete(name));
    registering.set(name, done);
  }
  return done;
}

/** The grammars plus everything they embed, transitively (xml and javascript embed each other). */
function withEmbeds(names: Iterable<string>, text?: string): Set<string> {
  const all = new Set<string>();
  const add = (name: string) => {
    if (all.has(name) || !grammars[name]) return;
    all.add(name);
    for (const dep of embeds[name] ?? []) {
      const trigger = text === undefined ? undefined : embedTriggers[name]?.[dep];
      if (!trigger || trigger.test(text!)) add(dep);
    }
  };
  for (const name of names) add(name);
  return all;
}

/** Every grammar loadLanguages(names, text) registers, sorted. */
export function grammarsToLoad(names: Iterable<string>, text?: string): string[] {
  return [...withEmbeds(names, text)].sort();
}

/**
 * highlight.js with the given grammars (names from grammarFor) and what they embed registered;
 * given the `text` to highlight, only the embeds that text can use.
 */
export async function loadLanguages(names: Iterable<string>, text?: string): Promise<HLJSApi> {
  const hljs = await loadCore();
  await Promise.all([...withEmbeds(names, text)].map((name) => registerOne(name, hljs)));
  return hljs;
}

/** highlight.js, if every given grammar is already registered; null while something must load. */
export function loadedHighlighter(names: Iterable<string>, text?: string): HLJSApi | null {
  const hljs = core;
  if (!hljs) return null;
  for (const name of withEmbeds(names, text)) if (!hljs.getLanguage(name)) return null;
  return hljs;
}
