// Code search (issue #21, an extension: Gitea has no such API): `git grep` over the tree of a ref
// in the bare repository, with the limits of config.codeSearch. Results are grouped by file (in
// path order) with line numbers, the line's text and the ranges that matched, paged by files.
import type { Config } from '../config.ts';
import type { Paging } from '../api/paging.ts';
import { notFound, unprocessable } from '../errors.ts';
import { grepCommit, GrepPatternError, type GrepLine } from '../git/grep.ts';
import { resolveCommit } from '../git/repo.ts';
import { isRepoEmpty } from './commits.ts';
import type { RepoContext } from './repo-access.ts';

export interface CodeSearchQuery {
  q: string;
  ref?: string;
  regex: boolean;
  /** Case-sensitive (true) or not (false, the default). */
  caseSensitive: boolean;
  path?: string;
}

/** The longest line text sent back; longer lines (minified files) are cut, their matches kept within. */
const MAX_TEXT = 500;

export interface CodeSearchMatch {
  line: number;
  text: string;
  /** [start, end) offsets of each match in `text` (UTF-16 code units). */
  ranges: [number, number][];
}

export interface CodeSearchResult {
  query: string;
  ref: string;
  commit: string;
  total_files: number;
  total_matches: number;
  truncated: boolean;
  files: { path: string; matches: CodeSearchMatch[] }[];
}

const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A matcher for highlighting in JavaScript: exact for literals; PCRE patterns JavaScript cannot read get no ranges. */
function highlighter(q: CodeSearchQuery): (text: string) => [number, number][] {
  let re: RegExp | null = null;
  try {
    re = new RegExp(q.regex ? q.q : escapeRegex(q.q), q.caseSensitive ? 'g' : 'gi');
  } catch {
    re = null;
  }
  if (!q.regex && !q.caseSensitive) {
    // git's -i under LC_ALL=C folds ASCII letters only; so does this.
    const needle = asciiLower(q.q);
    return (text) => {
      const hay = asciiLower(text);
      const out: [number, number][] = [];
      for (let i = hay.indexOf(needle); i >= 0 && out.length < 50; i = hay.indexOf(needle, i + Math.max(needle.length, 1))) out.push([i, i + needle.length]);
      return out;
    };
  }
  return (text) => {
    if (!re) return [];
    const out: [number, number][] = [];
    re.lastIndex = 0;
    for (let m = re.exec(text); m && out.length < 50; m = re.exec(text)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      out.push([m.index, m.index + m[0].length]);
    }
    return out;
  };
}

function groupByFile(lines: GrepLine[], q: CodeSearchQuery) {
  const ranges = highlighter(q);
  const files: CodeSearchResult['files'] = [];
  for (const l of lines) {
    let f = files[files.length - 1];
    if (!f || f.path !== l.path) files.push((f = { path: l.path, matches: [] }));
    const text = l.text.length > MAX_TEXT ? l.text.slice(0, MAX_TEXT) : l.text;
    f.matches.push({ line: l.line, text, ranges: ranges(text).filter(([, e]) => e <= text.length) });
  }
  return files;
}

export async function searchCode(config: Config, rc: RepoContext, q: CodeSearchQuery, p: Paging): Promise<CodeSearchResult> {
  const refName = q.ref?.trim() || rc.repo.default_branch;
  const empty = (commit: string): CodeSearchResult => ({ query: q.q, ref: refName, commit, total_files: 0, total_matches: 0, truncated: false, files: [] });
  // No query: an empty answer (clients use it to learn that this server searches code).
  if (!q.q) return empty('');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(q.q)) throw unprocessable('q: the query must be one line without control characters');
  if (rc.repo.is_empty === 1 || (await isRepoEmpty(rc))) {
    if (q.ref?.trim()) throw notFound(`ref not found: ${refName}`);
    return empty('');
  }
  const commit = await resolveCommit(rc.dir, refName);
  if (!commit) throw notFound(`ref not found: ${refName}`);
  const c = config.codeSearch;
  let found;
  try {
    found = await grepCommit(rc.dir, {
      commit,
      query: q.q,
      mode: q.regex ? 'regex' : 'literal',
      ignoreCase: !q.caseSensitive,
      paths: q.path?.trim() ? [q.path.trim()] : [],
      maxLines: c.maxLines,
      maxPerFile: c.maxPerFile,
      maxBytes: c.maxBytes,
      timeoutMs: c.timeoutMs,
      threads: c.threads,
    });
  } catch (e) {
    if (e instanceof GrepPatternError) throw unprocessable(`q: invalid search pattern: ${e.message}`);
    throw e;
  }
  const files = groupByFile(found.lines, q);
  return {
    query: q.q,
    ref: refName,
    commit,
    total_files: files.length,
    total_matches: found.lines.length,
    truncated: found.truncated,
    files: files.slice(p.offset, p.offset + p.limit),
  };
}
