// Repositories with real history, built fast: one `git fast-import` stream instead of a work tree
// and a process per commit (10,000 commits take about a second).
import fs from 'node:fs';
import path from 'node:path';
import { initBare } from '../src/git/repo.ts';
import { gitCli } from './git-cli.ts';
import { repoDir } from '../src/context.ts';
import type { Deps } from '../src/context.ts';
import type { RepoRow } from '../src/db/schema.ts';
import { nowUnix } from '../src/db/index.ts';
import { newRepoRow } from '../src/services/repos.ts';

export interface Person {
  name: string;
  email: string;
}

export interface FixtureCommit {
  /** Branch the commit goes on (default "main"); it continues from that branch's last commit. */
  branch?: string;
  message: string;
  author?: Person;
  committer?: Person;
  /** Unix seconds; defaults to a clock that ticks one minute per commit. */
  date?: number;
  /** Path → new content, or null to delete the file. */
  files?: Record<string, string | null>;
  /** Label other commits can name in `merge` or `from`. */
  id?: string;
  /** Start this branch from a labelled commit instead of its own tip. */
  from?: string;
  /** Labelled commits merged into this one (extra parents). */
  merge?: string[];
}

export interface FixtureTag {
  name: string;
  /** Label of the tagged commit. */
  at: string;
  /** An annotated tag when given. */
  message?: string;
  date?: number;
}

export const ALICE: Person = { name: 'Alice Example', email: 'alice@example.com' };

const data = (s: string) => `data ${Buffer.byteLength(s)}\n${s}\n`;
const ident = (p: Person, t: number) => `${p.name} <${p.email}> ${t} +0000`;

/**
 * Writes the commits and tags into the bare repository at `dir` and returns the SHA of every
 * labelled commit (and of the last commit of each branch under "branch:<name>").
 */
export async function importHistory(dir: string, commits: FixtureCommit[], tags: FixtureTag[] = []): Promise<Record<string, string>> {
  const marks = new Map<string, number>();
  const out: string[] = [];
  let clock = 1_700_000_000;
  const tips = new Map<string, number>();
  commits.forEach((c, i) => {
    const mark = i + 1;
    const branch = c.branch ?? 'main';
    const t = c.date ?? (clock += 60);
    out.push(`commit refs/heads/${branch}\nmark :${mark}\n`);
    out.push(`author ${ident(c.author ?? ALICE, t)}\ncommitter ${ident(c.committer ?? c.author ?? ALICE, t)}\n`);
    out.push(data(c.message));
    const from = c.from ? marks.get(c.from) : tips.get(branch);
    if (c.from && !from) throw new Error(`unknown label ${c.from}`);
    if (from) out.push(`from :${from}\n`);
    for (const m of c.merge ?? []) out.push(`merge :${marks.get(m)}\n`);
    for (const [path, content] of Object.entries(c.files ?? {})) {
      out.push(content === null ? `D ${path}\n` : `M 100644 inline ${path}\n${data(content)}`);
    }
    out.push('\n');
    tips.set(branch, mark);
    if (c.id) marks.set(c.id, mark);
  });
  for (const tag of tags) {
    const mark = marks.get(tag.at);
    if (!mark) throw new Error(`unknown label ${tag.at}`);
    if (tag.message === undefined) out.push(`reset refs/tags/${tag.name}\nfrom :${mark}\n\n`);
    else out.push(`tag ${tag.name}\nfrom :${mark}\ntagger ${ident(ALICE, tag.date ?? (clock += 60))}\n${data(tag.message)}`);
  }
  const exportMarks = `marks-${process.pid}-${Date.now()}`;
  await gitCli(['fast-import', '--quiet', `--export-marks=${exportMarks}`], { cwd: dir, input: out.join('') });
  const marksPath = path.join(dir, exportMarks);
  const shaByMark = new Map<number, string>();
  for (const line of fs.readFileSync(marksPath, 'utf8').split('\n')) {
    const [m, sha] = line.split(' ');
    if (m && sha) shaByMark.set(Number(m.slice(1)), sha);
  }
  fs.rmSync(marksPath);
  const result: Record<string, string> = {};
  for (const [label, mark] of marks) result[label] = shaByMark.get(mark)!;
  for (const [branch, mark] of tips) result[`branch:${branch}`] = shaByMark.get(mark)!;
  return result;
}

export interface FixtureRepoOptions {
  private?: boolean;
  archived?: boolean;
  defaultBranch?: string;
  /** No history at all (is_empty stays 1). */
  empty?: boolean;
}

/**
 * A repository row plus its bare repository, for tests that need history before (or without)
 * the repository service. Uses the same folder layout as the server.
 */
export async function createFixtureRepo(
  deps: Deps,
  owner: { id: number; name: string },
  name: string,
  commits: FixtureCommit[],
  opts: FixtureRepoOptions & { tags?: FixtureTag[] } = {},
): Promise<{ repo: RepoRow; dir: string; shas: Record<string, string> }> {
  const defaultBranch = opts.defaultBranch ?? 'main';
  const dir = repoDir(deps.config, owner.name, name);
  await initBare(dir, defaultBranch);
  const shas = opts.empty ? {} : await importHistory(dir, commits, opts.tags);
  const t = nowUnix();
  const repo = await deps.db
    .insertInto('repository')
    .values(
      newRepoRow(
        owner,
        {
          name,
          is_private: opts.private ? 1 : 0,
          is_empty: opts.empty ? 1 : 0,
          is_archived: opts.archived ? 1 : 0,
          default_branch: defaultBranch,
          archived_unix: opts.archived ? t : 0,
        },
        t,
      ),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return { repo, dir, shas };
}

/**
 * A big, realistic history for benchmarks: `count` commits on main, files spread over folders,
 * several authors, each commit changing one or two files.
 */
export function syntheticHistory(count: number, authors: Person[]): FixtureCommit[] {
  const commits: FixtureCommit[] = [];
  for (let i = 0; i < count; i++) {
    const folder = `src/module-${i % 40}`;
    const files: Record<string, string> = { [`${folder}/file-${i % 25}.ts`]: `export const value${i} = ${i};\n// revision ${i}\n` };
    if (i % 7 === 0) files[`docs/notes-${i % 10}.md`] = `# Notes\n\nChange ${i}\n`;
    commits.push({ message: `Change ${i}: update ${folder}\n\nDetails for change ${i}.\n`, author: authors[i % authors.length], files });
  }
  return commits;
}
