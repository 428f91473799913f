import { describe, expect, it, vi } from 'vitest';
import { grammarFor, grammarsToLoad, loadLanguages, loadedHighlighter } from './highlight';

const names = [
  'arduino',
  'bash',
  'c',
  'cpp',
  'csharp',
  'css',
  'diff',
  'dockerfile',
  'go',
  'graphql',
  'ini',
  'java',
  'javascript',
  'json',
  'kotlin',
  'less',
  'lua',
  'makefile',
  'markdown',
  'objectivec',
  'perl',
  'php',
  'php-template',
  'plaintext',
  'python',
  'python-repl',
  'r',
  'ruby',
  'rust',
  'scss',
  'shell',
  'sql',
  'swift',
  'typescript',
  'vbnet',
  'wasm',
  'xml',
  'yaml',
];

/** Every `subLanguage` a grammar's modes hand text to. */
function embedded(mode: unknown, seen = new Set<unknown>(), out = new Set<string>()): Set<string> {
  if (!mode || typeof mode !== 'object' || seen.has(mode)) return out;
  seen.add(mode);
  const m = mode as Record<string, unknown>;
  for (const s of [m.subLanguage ?? []].flat()) out.add(String(s));
  for (const key of ['contains', 'variants', 'starts']) for (const child of [m[key] ?? []].flat()) embedded(child, seen, out);
  return out;
}

describe('shared highlight.js loader', () => {
  it('resolves names and aliases case-insensitively and knows nothing else', () => {
    expect(grammarFor('JS')).toBe('javascript');
    expect(grammarFor('c++')).toBe('cpp');
    expect(grammarFor('html')).toBe('xml');
    expect(grammarFor('Dockerfile')).toBe('dockerfile');
    expect(grammarFor('brainfudge')).toBeNull();
    expect(grammarFor('toString')).toBeNull();
  });

  it("registers every grammar with its embedded languages, and the alias table matches the grammars' own", async () => {
    const hljs = await loadLanguages(names);
    expect(loadedHighlighter(names)).toBe(hljs);
    for (const name of names) {
      const lang = hljs.getLanguage(name)!;
      for (const alias of lang.aliases ?? []) expect(grammarFor(alias), `${name} alias ${alias}`).toBe(name);
    }
  });

  it('loading one grammar also loads the ones it embeds', async () => {
    for (const name of names) {
      // A fresh loader over an emptied highlight.js core (a shared package module), so nothing
      // is registered beforehand.
      vi.resetModules();
      const fresh = await import('./highlight');
      const core = await fresh.loadLanguages([]);
      for (const registered of core.listLanguages()) core.unregisterLanguage(registered);
      const hljs = await fresh.loadLanguages([name]);
      // Only languages this loader knows can be embedded (perl's mojolicious is not one of them).
      for (const sub of embedded(hljs.getLanguage(name))) if (grammarFor(sub)) expect(hljs.getLanguage(sub), `${name} embeds ${sub}`).toBeTruthy();
    }
    const html = (await import('./highlight').then((m) => m.loadLanguages(['xml']))).highlight('<script>let a = 1</script>', { language: 'html' }).value;
    expect(html).toContain('hljs-keyword');
  });

  it('given the text, loads only the embedded grammars that text can use', async () => {
    expect(grammarsToLoad(['typescript'])).toEqual(['css', 'graphql', 'javascript', 'typescript', 'xml']);
    expect(grammarsToLoad(['typescript'], 'export const answer: number = 42;')).toEqual(['typescript']);
    expect(grammarsToLoad(['typescript'], 'const a = <App />;')).toEqual(['typescript', 'xml']);
    expect(grammarsToLoad(['javascript'], 'const s = css`color: red`;')).toEqual(['css', 'javascript']);
    expect(grammarsToLoad(['xml'], '<p>hi</p>')).toEqual(['xml']);
    expect(grammarsToLoad(['xml'], '<script>let a = 1</script>')).toEqual(['javascript', 'xml']);
    // A grammar whose embeds have no trigger (dockerfile's RUN lines are bash) always takes them.
    expect(grammarsToLoad(['dockerfile'], 'FROM node')).toEqual(['bash', 'dockerfile']);
    // What the text needs is registered and highlighted in full (JSX through xml), on a fresh loader
    // over an emptied core as above.
    vi.resetModules();
    const fresh = await import('./highlight');
    const core = await fresh.loadLanguages([]);
    for (const registered of core.listLanguages()) core.unregisterLanguage(registered);
    const hljs = await fresh.loadLanguages(['typescript'], 'const a = <App />;');
    expect(hljs.listLanguages().sort()).toEqual(['typescript', 'xml']);
    expect(fresh.loadedHighlighter(['typescript'], 'const a = <App />;')).toBe(hljs);
    expect(hljs.highlight('const a = <App />;', { language: 'typescript' }).value).toContain('hljs-tag');
  });
});
