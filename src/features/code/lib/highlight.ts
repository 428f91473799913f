// Syntax highlighting for the file view. highlight.js core and each grammar load on demand
// (src/lib/highlight.ts), so only a file page pays for them, and only for its own language.
import { grammarFor, loadLanguages } from '@/lib/highlight';

const byExtension: Record<string, string> = {
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript',
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'typescript',
  json: 'json', jsonc: 'json',
  html: 'xml', htm: 'xml', xml: 'xml', svg: 'xml', vue: 'xml',
  css: 'css', scss: 'scss', sass: 'scss', less: 'scss',
  md: 'markdown', markdown: 'markdown',
  sh: 'bash', bash: 'bash', zsh: 'bash',
  py: 'python', go: 'go', rs: 'rust', java: 'java', kt: 'kotlin', kts: 'kotlin',
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hpp: 'cpp', hh: 'cpp', cs: 'csharp',
  rb: 'ruby', php: 'php', yml: 'yaml', yaml: 'yaml',
  ini: 'ini', toml: 'ini', cfg: 'ini', conf: 'ini', editorconfig: 'ini', gitconfig: 'ini',
  sql: 'sql', diff: 'diff', patch: 'diff', swift: 'swift', lua: 'lua', mk: 'makefile',
};

const byName: Record<string, string> = {
  dockerfile: 'dockerfile', makefile: 'makefile', gnumakefile: 'makefile', gemfile: 'ruby', rakefile: 'ruby',
  '.bashrc': 'bash', '.profile': 'bash', '.gitconfig': 'ini', '.editorconfig': 'ini',
};

/** The grammar for a file name, or null when there is none (plain text is shown as is). */
export function languageFor(filename: string): string | null {
  const base = filename.split('/').pop()!.toLowerCase();
  if (byName[base]) return byName[base];
  const dot = base.lastIndexOf('.');
  return dot >= 0 ? (byExtension[base.slice(dot + 1)] ?? null) : null;
}

/**
 * Highlighted HTML for each line of `text`, or null when the language is unknown. highlight.js
 * escapes the source; spans that cross line ends are closed and reopened so every line stands alone.
 */
export async function highlightLines(text: string, filename: string): Promise<string[] | null> {
  const name = languageFor(filename);
  const lang = name && grammarFor(name);
  if (!lang) return null;
  const hljs = await loadLanguages([lang]);
  const html = hljs.highlight(text, { language: lang, ignoreIllegals: true }).value;
  return splitHtmlLines(html);
}

/** Splits highlight.js output at newlines, keeping the open <span>s balanced on each line. */
export function splitHtmlLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let current = '';
  const re = /(<span[^>]*>)|(<\/span>)|(\r\n|\n|\r)|([^<\r\n]+|<)/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[1]) {
      open.push(m[1]);
      current += m[1];
    } else if (m[2]) {
      open.pop();
      current += m[2];
    } else if (m[3]) {
      lines.push(current + '</span>'.repeat(open.length));
      current = open.join('');
    } else {
      current += m[4];
    }
  }
  if (current !== open.join('') || lines.length === 0) lines.push(current + '</span>'.repeat(open.length));
  return lines;
}
