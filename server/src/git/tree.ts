// Trees and blobs of bare repositories: listing (ls-tree), reading blobs, the last commit of each
// entry of a directory, and building commits without a work tree (hash-object, mktree, commit-tree).
import { processStream } from './process-stream.ts';
import { git } from './command.ts';
import { GitError, runGit, runGitBuffer, spawnGit } from './run-git.ts';
import { cleanIdent } from './identity.ts';

/** Paths given to git are file names, never glob patterns. */
const LITERAL = { GIT_LITERAL_PATHSPECS: '1' };

export type EntryKind = 'blob' | 'tree' | 'commit';

export interface TreeEntry {
  mode: string;
  kind: EntryKind;
  sha: string;
  /** Blob size in bytes; 0 for trees and submodules. */
  size: number;
  /** Full path from the repository root. */
  path: string;
  name: string;
}

function parseLsTree(out: string): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const rec of out.split('\0')) {
    if (!rec) continue;
    // "<mode> SP <type> SP <sha> SP+ <size> TAB <path>"
    const tab = rec.indexOf('\t');
    const [mode, kind, sha, size] = rec.slice(0, tab).split(/ +/);
    const path = rec.slice(tab + 1);
    entries.push({
      mode: mode!,
      kind: kind as EntryKind,
      sha: sha!,
      size: size === '-' ? 0 : Number(size),
      path,
      name: path.slice(path.lastIndexOf('/') + 1),
    });
  }
  return entries;
}

/** The entry at `path` in the tree of `commit` (a full SHA), or null. Empty path = the root tree. */
export async function treeEntry(dir: string, commit: string, path: string): Promise<TreeEntry | null> {
  if (!path) {
    const sha = (await runGit(git('rev-parse').flag('--verify', '--end-of-options').value(`${commit}^{tree}`), { cwd: dir })).trim();
    return { mode: '040000', kind: 'tree', sha, size: 0, path: '', name: '' };
  }
  const out = await runGit(git('ls-tree').flag('-z', '--long', '--full-tree').value(commit).paths([path]), { cwd: dir, env: LITERAL });
  return parseLsTree(out).find((e) => e.path === path) ?? null;
}

/** The entries directly inside the directory `path` (empty = root). */
export async function listTree(dir: string, commit: string, path: string): Promise<TreeEntry[]> {
  const cmd = git('ls-tree').flag('-z', '--long', '--full-tree').value(commit);
  if (path) cmd.paths([`${path}/`]);
  return parseLsTree(await runGit(cmd, { cwd: dir, env: LITERAL }));
}

export async function readBlob(dir: string, sha: string): Promise<Buffer> {
  return runGitBuffer(git('cat-file').word('blob').value(sha), { cwd: dir });
}

/** A blob as a web stream, for large files. */
export function streamBlob(dir: string, sha: string): ReadableStream<Uint8Array> {
  // processStream never touches the stream after the client has gone (a late chunk would throw
  // outside any request and stop the server).
  return processStream(spawnGit(git('cat-file').word('blob').value(sha), { cwd: dir }));
}

export interface LastCommit {
  sha: string;
  /** Committer time, unix seconds. */
  time: number;
  subject: string;
}

/**
 * The latest commit touching each of `names` (entries of directory `path`), found in ONE bounded
 * `git log` pass that stops as soon as every entry has been seen. Entries not found within
 * `maxCommits` commits are simply absent from the result.
 */
export async function lastCommitsForEntries(dir: string, commit: string, path: string, names: string[], maxCommits = 2000): Promise<Map<string, LastCommit>> {
  const found = new Map<string, LastCommit>();
  if (!names.length) return found;
  const wanted = new Set(names);
  const prefix = path ? `${path}/` : '';
  const cmd = git('log').flag('-z', '--name-only', '--no-renames').option('--format', '%x01%H %ct %s').option('--max-count', maxCommits).value(commit);
  if (path) cmd.paths([prefix]);
  const child = spawnGit(cmd, { cwd: dir, env: LITERAL, timeoutMs: 30_000 });
  let buf = '';
  let current: LastCommit | null = null;
  let done = false;

  // With -z the output is "\x01<header>\0" then "\n<file>\0<file>\0..." per commit.
  const take = (raw: string) => {
    const token = raw.startsWith('\n') ? raw.slice(1) : raw;
    if (!token) return;
    if (token.startsWith('\x01')) {
      const [sha, time, ...subject] = token.slice(1).split(' ');
      current = { sha: sha!, time: Number(time), subject: subject.join(' ') };
      return;
    }
    if (!current || !token.startsWith(prefix)) return;
    const rest = token.slice(prefix.length);
    const slash = rest.indexOf('/');
    const name = slash >= 0 ? rest.slice(0, slash) : rest;
    if (wanted.has(name) && !found.has(name)) {
      found.set(name, current);
      if (found.size === wanted.size) done = true;
    }
  };

  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (done) return;
      buf += chunk;
      const parts = buf.split('\0');
      buf = parts.pop()!;
      for (const p of parts) {
        take(p);
        if (done) break;
      }
      if (done) child.kill();
    });
    child.on('close', () => {
      if (!done) take(buf);
      resolve();
    });
    child.on('error', reject);
  });
  return found;
}

// ---- Building commits without a work tree ----

export async function writeBlob(dir: string, content: string | Buffer): Promise<string> {
  return (await runGit(git('hash-object').flag('-w', '--stdin'), { cwd: dir, input: content })).trim();
}

export interface NewTreeEntry {
  mode: '100644' | '100755' | '120000' | '040000';
  kind: 'blob' | 'tree';
  sha: string;
  name: string;
}

/** Writes one tree object from flat entries (names without slashes). */
export async function writeTree(dir: string, entries: NewTreeEntry[]): Promise<string> {
  for (const e of entries) {
    if (!e.name || e.name.includes('/') || e.name.includes('\0')) throw new GitError(`invalid tree entry name ${e.name}`, null, '');
  }
  const input = entries.map((e) => `${e.mode} ${e.kind} ${e.sha}\t${e.name}\0`).join('');
  return (await runGit(git('mktree').flag('-z'), { cwd: dir, input })).trim();
}

export interface Signature {
  name: string;
  email: string;
  /** Unix seconds; now when absent. */
  time?: number;
}

export async function commitTree(dir: string, tree: string, message: string, who: Signature, parents: string[] = []): Promise<string> {
  const author = cleanIdent(who);
  const when = `${author.time ?? Math.floor(Date.now() / 1000)} +0000`;
  const env = {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_AUTHOR_DATE: when,
    GIT_COMMITTER_NAME: author.name,
    GIT_COMMITTER_EMAIL: author.email,
    GIT_COMMITTER_DATE: when,
  };
  const cmd = git('commit-tree').value(tree);
  for (const p of parents) cmd.flag('-p').value(p);
  // The message goes through stdin so it can never be read as an option.
  return (await runGit(cmd, { cwd: dir, input: message, env })).trim();
}

/** Creates refs/heads/<branch> at `sha`, failing if it already exists. */
export async function createBranchRef(dir: string, branch: string, sha: string): Promise<void> {
  // An empty old value: the ref must not exist yet.
  await runGit(git('update-ref').value(`refs/heads/${branch}`, sha).word(''), { cwd: dir });
}

/** Copies every object reachable from `treeish` in `fromDir` into `toDir` (one pack, in memory). */
export async function copyObjects(fromDir: string, toDir: string, treeish: string): Promise<void> {
  const list = await runGitBuffer(git('rev-list').flag('--objects', '--no-object-names').value(treeish), { cwd: fromDir });
  const pack = await runGitBuffer(git('pack-objects').flag('--stdout', '-q'), { cwd: fromDir, input: list });
  await runGitBuffer(git('index-pack').flag('--stdin'), { cwd: toDir, input: pack });
}

/**
 * The tree a tree SHA, commit SHA or ref name names (`rev-parse --verify --quiet`), '' when git
 * prints nothing; a GitError (or a GitInputError for a value git could never take) when there is none.
 */
export async function resolveTree(dir: string, rev: string): Promise<string> {
  return (await runGit(git('rev-parse').flag('--verify', '--quiet', '--end-of-options').value(`${rev}^{tree}`), { cwd: dir })).trim();
}

/**
 * `ls-tree -z --long` records of tree `tree` ("<mode> <type> <sha> <size>\t<path>"), handed to
 * `onRecord` as git prints them, so a tree of a million files is never held as one string; with
 * `recursive`, every entry below it, folders too. Rejects as runGit when git fails.
 */
export function eachLsTreeRecord(dir: string, tree: string, recursive: boolean, onRecord: (record: string) => void): Promise<void> {
  const cmd = git('ls-tree').flag('-z', '--long');
  // -t lists the folders too, as Gitea's ListEntriesRecursiveWithSize.
  if (recursive) cmd.flag('-r', '-t');
  const child = spawnGit(cmd.value(tree), { cwd: dir, timeoutMs: 5 * 60_000 });
  let rest = '';
  let stderr = '';
  let failed: unknown = null;
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => (stderr = (stderr + d).slice(-4096)));
  child.stdout.on('data', (chunk: string) => {
    if (failed) return;
    const parts = (rest + chunk).split('\0');
    rest = parts.pop()!;
    try {
      for (const p of parts) if (p) onRecord(p);
    } catch (e) {
      // A failing consumer stops the listing; its error is the answer.
      failed = e;
      child.kill();
    }
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (failed) reject(failed);
      else if (code !== 0) reject(new GitError(`git ls-tree failed: ${stderr.trim() || `exit ${code}`}`, code, stderr));
      else {
        if (rest) onRecord(rest);
        resolve();
      }
    });
  });
}

/** The text of `path` at `commit` (`git show <commit>:<path>`). */
export async function showFile(dir: string, commit: string, path: string): Promise<string> {
  return runGit(git('show').value(`${commit}:${path}`), { cwd: dir });
}
