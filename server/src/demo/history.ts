// Generates believable git history as a `git fast-import` stream: several authors, dates spread
// over months, files in folders that grow and change, topic and release branches (one merged
// back), lightweight and annotated tags. Deterministic for a given seed, and fast: hundreds of
// commits import in well under a second.
import { rng, type Rng } from './rng.ts';

export interface Person {
  name: string;
  email: string;
  /** git's zone format, e.g. "+0100". */
  tz: string;
}

export interface Area {
  /** Folder new files appear in, e.g. "src/core". */
  dir: string;
  ext: string;
  /** Line comment marker for generated code, or '' for Markdown-like prose. */
  comment: string;
}

export interface BranchSpec {
  name: string;
  /** Where it forks from the main line, as a fraction of the main line's commits. */
  from: number;
  commits: number;
  /** Merged back into the main line at this fraction (after `from`), or never. */
  mergeAt?: number;
}

export interface TagSpec {
  name: string;
  /** A fraction of the main line, or a branch name (its tip). */
  at: number | string;
  /** Annotated tags carry a message and a tagger. */
  message?: string;
}

export interface HistorySpec {
  seed: number;
  mainBranch: string;
  authors: Person[];
  startUnix: number;
  endUnix: number;
  mainCommits: number;
  initialFiles: Record<string, string>;
  areas: Area[];
  branches?: BranchSpec[];
  tags?: TagSpec[];
}

type Files = Map<string, string>;

const WORDS = [
  'parse',
  'render',
  'cache',
  'index',
  'query',
  'token',
  'stream',
  'buffer',
  'config',
  'route',
  'graph',
  'batch',
  'merge',
  'filter',
  'format',
  'schema',
  'session',
  'worker',
  'ledger',
  'digest',
];
const NOUNS = ['options', 'entries', 'records', 'headers', 'nodes', 'pages', 'rows', 'events', 'paths', 'keys'];
const FIX_VERBS = ['Fix', 'Improve', 'Refactor', 'Simplify', 'Tidy up', 'Speed up', 'Harden', 'Clarify'];
const BODIES = [
  'The previous version walked the list twice; once is enough.',
  'Reported by a user on the forum: empty input used to throw.',
  'Keeps the public behaviour the same, only the internals move.',
  'This makes the next change (streaming) much smaller.',
  'Tests cover the edge cases that bit us last release.',
];

const camel = (a: string, b: string) => a + b[0]!.toUpperCase() + b.slice(1);

function codeBlock(r: Rng, area: Area, fn: string): string {
  const noun = r.pick(NOUNS);
  if (!area.comment) return `## ${fn}\n\nHow to ${fn.replace(/([A-Z])/g, ' $1').toLowerCase()} the ${noun}.\nStep ${1 + r.int(9)} explains the details.\n`;
  if (area.ext === '.py') return `def ${fn}(${noun}):\n    ${commentLine(area, r.pick(BODIES))}\n    return [x for x in ${noun} if x]\n`;
  if (area.ext === '.rs') return `pub fn ${fn}(${noun}: &[u8]) -> usize {\n    ${commentLine(area, r.pick(BODIES))}\n    ${noun}.len()\n}\n`;
  if (area.ext === '.css') return `.${fn} {\n  margin: ${r.int(4)}rem;\n  color: #${(r.int(0xffffff) | 0x101010).toString(16)};\n}\n`;
  if (area.ext === '.html') return `<section id="${fn}">\n  <h2>${fn}</h2>\n  <p>${r.pick(BODIES)}</p>\n</section>\n`;
  return `export function ${fn}(${noun}: string[]): string[] {\n  ${commentLine(area, r.pick(BODIES))}\n  return ${noun}.filter(Boolean);\n}\n`;
}

function header(area: Area, file: string): string {
  if (!area.comment)
    return `# ${file
      .split('/')
      .pop()!
      .replace(/\.\w+$/, '')}\n`;
  if (area.ext === '.html') return `<!-- ${file} -->\n`;
  if (area.ext === '.css') return `/* ${file} */\n`;
  return `${area.comment} ${file}\n`;
}

function commentLine(area: Area, text: string): string {
  if (area.ext === '.html') return `<!-- ${text} -->`;
  if (area.ext === '.css') return `/* ${text} */`;
  return `${area.comment} ${text}`;
}

const areaOf = (areas: Area[], file: string) => areas.find((a) => file.startsWith(`${a.dir}/`) && file.endsWith(a.ext));

/** One change to the files: what it did, as a commit subject. */
function change(r: Rng, files: Files, areas: Area[], touched: Set<string>, keep: Set<string>, ownFiles?: Set<string>): string {
  const roll = r.next();
  const candidates = [...(ownFiles ?? files.keys())].filter((f) => files.has(f) && areaOf(areas, f));
  if (roll < 0.3 || candidates.length === 0) {
    const area = r.pick(areas);
    const base = camel(r.pick(WORDS), r.pick(NOUNS));
    const file = `${area.dir}/${base.replace(/([A-Z])/g, '-$1').toLowerCase()}${area.ext}`;
    if (files.has(file)) return change(r, files, areas, touched, keep, ownFiles);
    files.set(file, header(area, file) + '\n' + codeBlock(r, area, base));
    touched.add(file);
    ownFiles?.add(file);
    return area.comment ? `Add ${file.split('/').pop()}` : `Document ${base.replace(/([A-Z])/g, ' $1').toLowerCase()}`;
  }
  const file = r.pick(candidates);
  const area = areaOf(areas, file)!;
  const name = file.split('/').pop()!;
  if (roll < 0.36 && candidates.length > 8 && !ownFiles && !keep.has(file)) {
    files.delete(file);
    touched.add(file);
    return `Remove unused ${name}`;
  }
  const fn = camel(r.pick(WORDS), r.pick(NOUNS));
  const old = files.get(file)!;
  if (roll < 0.7) {
    files.set(file, `${old}\n${codeBlock(r, area, fn)}`);
    touched.add(file);
    return area.comment ? `Add ${fn} to ${name}` : `Expand ${name}`;
  }
  // Rewrite one line, as a fix would.
  const lines = old.split('\n');
  const i = 1 + r.int(Math.max(1, lines.length - 2));
  lines[i] = area.comment ? `${lines[i]!.match(/^\s*/)![0]}${commentLine(area, r.pick(BODIES))}` : r.pick(BODIES);
  files.set(file, lines.join('\n'));
  touched.add(file);
  return `${r.pick(FIX_VERBS)} ${name}`;
}

export function buildFastImport(spec: HistorySpec): string {
  const r = rng(spec.seed);
  const out: string[] = [];
  let mark = 0;
  const data = (s: string) => `data ${Buffer.byteLength(s)}\n${s}\n`;
  const ident = (p: Person, t: number) => `${p.name} <${p.email}> ${t} ${p.tz}`;

  const emit = (ref: string, from: number | null, merge: number | null, who: Person, t: number, subject: string, files: Files, touched: Iterable<string>) => {
    mark += 1;
    const message = r.next() < 0.25 ? `${subject}\n\n${r.pick(BODIES)}\n` : `${subject}\n`;
    out.push(`commit ${ref}\nmark :${mark}\nauthor ${ident(who, t)}\ncommitter ${ident(who, t)}\n${data(message)}`);
    if (from) out.push(`from :${from}\n`);
    if (merge) out.push(`merge :${merge}\n`);
    for (const f of touched) {
      const content = files.get(f);
      out.push(content === undefined ? `D ${f}\n` : `M 100644 inline ${f}\n${data(content)}`);
    }
    out.push('\n');
    return mark;
  };

  const main = `refs/heads/${spec.mainBranch}`;
  const n = spec.mainCommits;
  const step = (spec.endUnix - spec.startUnix) / n;
  const timeAt = (i: number) => Math.floor(spec.startUnix + step * i + r.next() * step * 0.6);
  const indexAt = (fraction: number) => Math.min(n - 1, Math.max(0, Math.round(fraction * (n - 1))));

  const files: Files = new Map(Object.entries(spec.initialFiles));
  // The starting files are the project's skeleton; generated ones may come and go.
  const keep = new Set(files.keys());
  const mainMarks: number[] = [];
  const forks = new Map<string, { files: Files; mark: number; t: number }>();
  const tips = new Map<string, number>();
  const branches = spec.branches ?? [];

  const runBranch = (b: BranchSpec, untilUnix: number) => {
    const fork = forks.get(b.name)!;
    const own = new Set<string>();
    const touchedAll = new Set<string>();
    let prev = fork.mark;
    const bstep = (untilUnix - fork.t) / (b.commits + 1);
    for (let k = 0; k < b.commits; k++) {
      const touched = new Set<string>();
      // Merged branches only touch files of their own, so the merge is conflict-free.
      const subject = change(r, fork.files, spec.areas, touched, keep, b.mergeAt !== undefined ? own : undefined);
      touched.forEach((f) => touchedAll.add(f));
      prev = emit(`refs/heads/${b.name}`, prev, null, r.pick(spec.authors), Math.floor(fork.t + bstep * (k + 1)), subject, fork.files, touched);
    }
    tips.set(b.name, prev);
    return touchedAll;
  };

  for (let i = 0; i < n; i++) {
    const t = timeAt(i);
    const prev = mainMarks[i - 1] ?? null;
    const merging = branches.find((b) => b.mergeAt !== undefined && indexAt(b.mergeAt) === i && forks.has(b.name));
    if (i === 0) {
      mainMarks.push(emit(main, null, null, spec.authors[0]!, t, 'Initial commit', files, files.keys()));
    } else if (merging) {
      const touched = runBranch(merging, t - 60);
      const branchFiles = forks.get(merging.name)!.files;
      for (const f of touched) {
        const v = branchFiles.get(f);
        if (v === undefined) files.delete(f);
        else files.set(f, v);
      }
      mainMarks.push(emit(main, prev, tips.get(merging.name)!, spec.authors[0]!, t, `Merge branch '${merging.name}'`, files, touched));
    } else {
      const touched = new Set<string>();
      const subject = i % 23 === 0 && files.has('README.md') ? appendReadme(r, files, touched, i) : change(r, files, spec.areas, touched, keep);
      mainMarks.push(emit(main, prev, null, r.pick(spec.authors), t, subject, files, touched));
    }
    for (const b of branches) if (indexAt(b.from) === i) forks.set(b.name, { files: new Map(files), mark: mainMarks[i]!, t });
  }
  for (const b of branches) if (b.mergeAt === undefined && forks.has(b.name)) runBranch(b, spec.endUnix);

  for (const tag of spec.tags ?? []) {
    const target = typeof tag.at === 'number' ? mainMarks[indexAt(tag.at)]! : tips.get(tag.at)!;
    if (tag.message) {
      const tagger = spec.authors[0]!;
      const t = typeof tag.at === 'number' ? timeAt(indexAt(tag.at)) + 3600 : spec.endUnix;
      out.push(`tag ${tag.name}\nfrom :${target}\ntagger ${ident(tagger, t)}\n${data(`${tag.message}\n`)}`);
    } else {
      out.push(`reset refs/tags/${tag.name}\nfrom :${target}\n\n`);
    }
  }
  out.push('done\n');
  return out.join('');
}

function appendReadme(r: Rng, files: Files, touched: Set<string>, i: number): string {
  const readme = files.get('README.md')!;
  const line = `- ${camel(r.pick(WORDS), r.pick(NOUNS))}: ${r.pick(BODIES)}`;
  files.set('README.md', readme.includes('## Recent changes') ? `${readme}${line}\n` : `${readme}\n## Recent changes\n\n${line}\n`);
  touched.add('README.md');
  return i % 2 ? 'Update README' : 'Note recent changes in README';
}
