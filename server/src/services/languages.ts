// A repository's languages, as Gitea's GET /repos/{owner}/{repo}/languages (modules/git/
// repo_language_stats.go): bytes of code per language on the default branch, by GitHub Linguist's
// names and extensions (linguist-languages). As Gitea, vendored, documentation, configuration and
// dot files are left out, and only programming and markup languages count unless nothing else is
// there (then the largest other one does). Kept per commit (or tree), which never changes.
import { resolveBranchFast } from '../git/refs.ts';
import { eachLsTreeRecord, resolveTree } from '../git/tree.ts';

interface Linguist {
  name: string;
  type: string;
  extensions?: string[];
  filenames?: string[];
}

/** Where several languages claim an extension, these win (the common reading of .h, .m, .pl, …). */
const PREFERRED = ['C', 'C++', 'JavaScript', 'TypeScript', 'Python', 'Go', 'Rust', 'Java', 'Ruby', 'PHP', 'C#', 'Shell', 'HTML', 'CSS', 'Objective-C', 'Perl'];

const TYPE_ORDER = ['programming', 'markup', 'prose', 'data'];

interface Table {
  byExtension: Map<string, Linguist>;
  byFilename: Map<string, Linguist>;
}
let table: Promise<Table> | null = null;

/** The extension and file name tables, loaded once on first use (the data is large). */
function linguistTable(): Promise<Table> {
  table ??= import('linguist-languages').then((mod) => {
    const all = Object.values(mod as unknown as Record<string, Linguist>).filter((l) => l && typeof l.name === 'string');
    const rank = (l: Linguist) => {
      const i = PREFERRED.indexOf(l.name);
      // Then programming before markup, prose and data (.txt is Text, not a filter list).
      return i < 0 ? PREFERRED.length + Math.max(0, TYPE_ORDER.indexOf(l.type)) : i;
    };
    const byExtension = new Map<string, Linguist>();
    const byFilename = new Map<string, Linguist>();
    for (const l of all) {
      for (const ext of l.extensions ?? []) {
        const key = ext.toLowerCase();
        const had = byExtension.get(key);
        if (!had || rank(l) < rank(had)) byExtension.set(key, l);
      }
      for (const f of l.filenames ?? []) if (!byFilename.has(f)) byFilename.set(f, l);
    }
    return { byExtension, byFilename };
  });
  return table;
}

// go-enry's vendor, documentation and configuration rules, in brief. As Linguist's, `build/` is no
// vendored folder, and docs, examples, samples and demos are documentation at the top only
// (`internal/docs/gen.go` is code).
const VENDOR = /(^|\/)(node_modules|vendor|vendors|third[-_]?party|bower_components|dist|\.git)\/|(^|\/)[^/]*\.min\.(js|css)$|(^|\/)package-lock\.json$/i;
const DOCUMENTATION =
  /^(docs?|examples?|samples?|demos?)\/|(^|\/)documentation\/|(^|\/)(readme|changelog|changes|license|licence|copying|contributing|authors|notice|history)(\.[^/]*)?$/i;
const CONFIGURATION = /\.(ini|json|toml|xml|ya?ml|cfg|conf|properties|lock)$/i;
const DOT_FILE = /(^|\/)\.[^/]*$/;
const COUNTED = new Set(['programming', 'markup']);

function languageOf(t: Table, path: string): Linguist | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const byName = t.byFilename.get(base);
  if (byName) return byName;
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return undefined;
  // The longest matching extension: .d.ts before .ts, .tar.gz before .gz.
  for (let i = base.indexOf('.', 1); i >= 0; i = base.indexOf('.', i + 1)) {
    const hit = t.byExtension.get(base.slice(i).toLowerCase());
    if (hit) return hit;
  }
  return undefined;
}

// Kept by commit or tree id as promises, so requests arriving while a large tree is still being
// listed share that one listing instead of each running their own.
const kept = new Map<string, Promise<Record<string, number>>>();
const KEEP = 200;

/** Bytes per language on `ref` (the default branch), keys in alphabetical order as Gitea's JSON. */
export async function languageStats(dir: string, ref: string): Promise<Record<string, number>> {
  // The branch tip read from the ref files (no process per request) names the answer as well as
  // its tree does, a commit's tree never changing; git is asked only when those can't tell.
  const id = resolveBranchFast(dir, ref) ?? (await resolveTree(dir, `refs/heads/${ref}`).catch(() => ''));
  if (!id) return {};
  const hit = kept.get(id);
  if (hit) return hit;
  const computing = statsOfTree(dir, id);
  if (kept.size >= KEEP) kept.delete(kept.keys().next().value!);
  kept.set(id, computing);
  // A failed listing is not kept: the next request tries again.
  computing.catch(() => kept.delete(id));
  return computing;
}

/** `treeish`: a commit or tree id. */
async function statsOfTree(dir: string, treeish: string): Promise<Record<string, number>> {
  const t = await linguistTable();
  const counted = new Map<string, number>();
  const others = new Map<string, number>();
  // Record by record as git prints them: a huge tree is never held whole.
  await eachLsTreeRecord(dir, treeish, true, (rec) => {
    // "<mode> <type> <sha> <size>\t<path>"
    const tab = rec.indexOf('\t');
    const [mode, type, , size] = rec.slice(0, tab).split(/\s+/);
    const path = rec.slice(tab + 1);
    if (type !== 'blob' || mode === '120000' || mode === '160000') return;
    if (VENDOR.test(path) || DOCUMENTATION.test(path) || CONFIGURATION.test(path) || DOT_FILE.test(path)) return;
    const lang = languageOf(t, path);
    if (!lang) return;
    const into = COUNTED.has(lang.type) ? counted : others;
    into.set(lang.name, (into.get(lang.name) ?? 0) + Number(size));
  });
  let sizes = counted;
  if (!sizes.size && others.size) {
    const [name, bytes] = [...others].sort((a, b) => b[1] - a[1])[0]!;
    sizes = new Map([[name, bytes]]);
  }
  return Object.fromEntries([...sizes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
