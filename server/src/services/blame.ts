// Blame of one file at one commit (`git blame --porcelain`), folded into ranges of consecutive
// lines last changed by the same commit — what the blame page draws, one header per range.
import { unixToIso } from '../db/index.ts';
import { blamePorcelain } from '../git/blame.ts';

export interface BlameCommit {
  sha: string;
  /** The commit's subject line. */
  message: string;
  author: { name: string; email: string };
  /** Author date, ISO 8601. */
  date: string;
}

export interface BlameRange {
  commit: BlameCommit;
  /** First line of the range, 1-based, in the file at the blamed commit. */
  start: number;
  /** Number of lines in the range. */
  lines: number;
}

export interface Blame {
  ranges: BlameRange[];
  /** The file's lines (without line ends), so the page needs no second request. */
  source: string[];
}

/** Parses `git blame --porcelain` output. */
export function parseBlamePorcelain(out: string): Blame {
  const commits = new Map<string, BlameCommit & { time: number; tz: string }>();
  const ranges: BlameRange[] = [];
  const source: string[] = [];
  const lines = out.split('\n');
  let current: (BlameCommit & { time: number; tz: string }) | null = null;
  let finalLine = 0;
  for (const line of lines) {
    if (line.startsWith('\t')) {
      source[finalLine - 1] = line.slice(1);
      const last = ranges[ranges.length - 1];
      if (last && last.commit.sha === current!.sha && last.start + last.lines === finalLine) last.lines++;
      else ranges.push({ commit: current!, start: finalLine, lines: 1 });
      continue;
    }
    const header = /^([0-9a-f]{40,64}) \d+ (\d+)(?: \d+)?$/.exec(line);
    if (header) {
      const sha = header[1]!;
      finalLine = Number(header[2]);
      current = commits.get(sha) ?? null;
      if (!current) {
        current = { sha, message: '', author: { name: '', email: '' }, date: '', time: 0, tz: '+0000' };
        commits.set(sha, current);
      }
      continue;
    }
    if (!current) continue;
    const sp = line.indexOf(' ');
    const key = sp >= 0 ? line.slice(0, sp) : line;
    const value = sp >= 0 ? line.slice(sp + 1) : '';
    if (key === 'author') current.author.name = value;
    else if (key === 'author-mail') current.author.email = value.replace(/^<|>$/g, '');
    else if (key === 'author-time') current.time = Number(value);
    else if (key === 'summary') current.message = value;
  }
  for (const c of commits.values()) c.date = unixToIso(c.time);
  // The wire shape carries only the public fields.
  return {
    ranges: ranges.map((r) => ({ ...r, commit: { sha: r.commit.sha, message: r.commit.message, author: r.commit.author, date: r.commit.date } })),
    source: Array.from(source, (s) => s ?? ''),
  };
}

export async function blameFile(dir: string, commit: string, path: string): Promise<Blame> {
  return parseBlamePorcelain(await blamePorcelain(dir, commit, path));
}
