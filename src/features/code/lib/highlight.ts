// Syntax highlighting for the file view. highlight.js core and each grammar load on demand
// (src/lib/highlight.ts), so only a file page pays for them, and only for its own language.
import { grammarFor, loadLanguages } from '@/lib/highlight';
import { languageFor, splitHtmlLines } from '@/lib/highlight-lines';

export { languageFor, splitHtmlLines } from '@/lib/highlight-lines';

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
