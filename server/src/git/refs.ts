// Branches and tags of a bare repository: listing them with their tip commits in one git call,
// and moving refs atomically (update-ref with the expected old value).
import fs from 'node:fs';
import path from 'node:path';
import { git } from './command.ts';
import { GitError, runGit } from './run-git.ts';
import { LONE_SURROGATE } from './identity.ts';

export const ZERO_SHA = '0000000000000000000000000000000000000000';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export interface Signature {
  name: string;
  email: string;
  /** RFC 3339 in the commit's own time zone, as git records it. */
  date: string;
}

export interface BranchRef {
  name: string;
  sha: string;
  message: string;
  author: Signature;
  committer: Signature;
}

export interface TagRef {
  name: string;
  /** The tag object for annotated tags, else the commit. */
  id: string;
  commitSha: string;
  message: string;
  /** Tagger date for annotated tags, committer date otherwise. */
  created: string;
}

// Fields are NUL-separated and the free-text message comes last; a message cannot hold a NUL.
const BRANCH_FIELDS = [
  '%(refname)',
  '%(objectname)',
  '%(authorname)',
  '%(authoremail:trim)',
  '%(authordate:iso-strict)',
  '%(committername)',
  '%(committeremail:trim)',
  '%(committerdate:iso-strict)',
  '%(contents)',
];

function splitRecords(out: string, width: number): string[][] {
  const parts = out.split('\0');
  const records: string[][] = [];
  for (let i = 0; i + width <= parts.length; i += width) {
    const rec = parts.slice(i, i + width);
    // for-each-ref ends every record with a newline, which lands at the start of the next one.
    rec[0] = rec[0]!.replace(/^\n/, '');
    if (rec[0]) records.push(rec);
  }
  return records;
}

const toBranch = (r: string[]): BranchRef => ({
  name: r[0]!.slice('refs/heads/'.length),
  sha: r[1]!,
  author: { name: r[2]!, email: r[3]!, date: r[4]! },
  committer: { name: r[5]!, email: r[6]!, date: r[7]! },
  message: r[8]!,
});

/** Every branch, newest tip commit first (ties by name), as Gitea lists them. */
export async function listBranches(dir: string): Promise<BranchRef[]> {
  const cmd = git('for-each-ref')
    .option('--sort', 'refname')
    .option('--sort', '-committerdate')
    .option('--format', `${BRANCH_FIELDS.join('%00')}%00`);
  const out = await runGit(cmd.word('refs/heads/'), { cwd: dir });
  return splitRecords(out, BRANCH_FIELDS.length).map(toBranch);
}

/** The names of every branch, in refname order (one git call, no commit read). */
export async function branchNames(dir: string): Promise<string[]> {
  const out = await runGit(git('for-each-ref').option('--format', '%(refname:strip=2)').word('refs/heads/'), { cwd: dir });
  return out.split('\n').filter(Boolean);
}

/** One branch by exact name, or null. */
export async function getBranch(dir: string, name: string): Promise<BranchRef | null> {
  if (!name || name.startsWith('-')) return null;
  // No ref holds a control character (git lists none for such a pattern); a NUL byte is refused
  // by value() below, as the runner always refused it.
  if (!name.includes('\0') && CONTROL.test(name)) return null;
  const ref = `refs/heads/${name}`;
  // for-each-ref patterns match whole path components, so refs/heads/a also lists refs/heads/a/b.
  const out = await runGit(
    git('for-each-ref')
      .option('--format', `${BRANCH_FIELDS.join('%00')}%00`)
      .value(ref),
    { cwd: dir },
  );
  const rec = splitRecords(out, BRANCH_FIELDS.length).find((r) => r[0] === ref);
  return rec ? toBranch(rec) : null;
}

const TAG_FIELDS = ['%(refname)', '%(objectname)', '%(*objectname)', '%(creatordate:iso-strict)', '%(contents)'];

/** Every tag, newest first. Lightweight tags carry their commit's message, as in Gitea. */
export async function listTags(dir: string): Promise<TagRef[]> {
  const cmd = git('for-each-ref')
    .option('--sort', 'refname')
    .option('--sort', '-creatordate')
    .option('--format', `${TAG_FIELDS.join('%00')}%00`);
  const out = await runGit(cmd.word('refs/tags/'), { cwd: dir });
  return splitRecords(out, TAG_FIELDS.length).map((r) => ({
    name: r[0]!.slice('refs/tags/'.length),
    id: r[1]!,
    commitSha: r[2] || r[1]!,
    created: r[3]!,
    message: r[4]!,
  }));
}

export async function refExists(dir: string, ref: string): Promise<boolean> {
  try {
    // A value git could never take (a control character) is no ref either.
    await runGit(git('show-ref').flag('--verify', '--quiet').value(ref), { cwd: dir });
    return true;
  } catch (e) {
    if (e instanceof GitError) return false;
    throw e;
  }
}

/**
 * Whether `name` is a valid branch name: git's check-ref-format rules, plus Gitea's extra
 * refusals (a leading '-', the name HEAD, more than 100 characters).
 */
export async function isValidBranchName(dir: string, name: string): Promise<boolean> {
  if (!name || name.length > 100 || name.startsWith('-') || name === 'HEAD' || /[\0-\x20\x7f]/.test(name) || LONE_SURROGATE.test(name)) return false;
  try {
    await runGit(git('check-ref-format').value(`refs/heads/${name}`), { cwd: dir });
    return true;
  } catch (e) {
    if (e instanceof GitError) return false;
    throw e;
  }
}

export type RefUpdate =
  { kind: 'create'; ref: string; sha: string } | { kind: 'update'; ref: string; sha: string; oldSha: string } | { kind: 'delete'; ref: string; oldSha: string };

/**
 * Applies ref changes in one transaction: each one only happens if the ref still holds the
 * value the caller saw, so a concurrent push makes the whole call fail instead of being lost.
 * Ref names were validated before (no newlines), so the stdin protocol is safe.
 */
export async function updateRefs(dir: string, updates: RefUpdate[]): Promise<void> {
  const lines = updates.map((u) =>
    u.kind === 'create' ? `create ${u.ref} ${u.sha}` : u.kind === 'update' ? `update ${u.ref} ${u.sha} ${u.oldSha}` : `delete ${u.ref} ${u.oldSha}`,
  );
  try {
    await runGit(git('update-ref').flag('--stdin'), { cwd: dir, input: `${lines.join('\n')}\n` });
  } finally {
    invalidateRepoRefs(dir);
  }
}

/** Whether `ancestor` is reachable from `descendant` (a fast-forward from one to the other). */
export async function isAncestor(dir: string, ancestor: string, descendant: string): Promise<boolean> {
  try {
    await runGit(git('merge-base').flag('--is-ancestor').value(ancestor, descendant), { cwd: dir });
    return true;
  } catch (e) {
    if (e instanceof GitError && e.code === 1) return false;
    throw e;
  }
}

/** The branch HEAD points at, or null when HEAD is detached or dangling. */
export async function headBranch(dir: string): Promise<string | null> {
  try {
    const out = await runGit(git('symbolic-ref').flag('--quiet').word('HEAD'), { cwd: dir });
    const ref = out.trim();
    return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null;
  } catch (e) {
    if (e instanceof GitError) return null;
    throw e;
  }
}

// Resolving a branch name without a process. A ref lives in a loose file (refs/heads/<name>) or in
// packed-refs; git replaces both by renaming a finished file into place, so reading them never
// sees half a write. Loose refs are read on every lookup. packed-refs is parsed once per version
// (inode, size, mtime), which also notices writes by other processes on the shared disk (another
// server, git receive-pack, git gc); invalidateRepoRefs() drops it after our own writes anyway.
// A version alone can repeat: a rewrite within the file system's timestamp granularity (coarse
// on some shared disks) can get the old file's freed inode, its size and its mtime. So, as git
// does with its index ("racy git"), a parse is kept only when the file was already RACY_MS old
// when it was read: any later rewrite then has a newer mtime (clocks of the machines sharing
// the disk agree to within that margin). A file written just now is parsed on every lookup
// until it has aged.
interface PackedRefs {
  stamp: string;
  refs: Map<string, string>;
}
const packedCache = new Map<string, PackedRefs>();
const PACKED_CACHE_SIZE = 500;
const RACY_MS = 3000;
const NO_REFS = new Map<string, string>();
const SHA_RE = /^[0-9a-f]{40}$/;

function packedRefs(dir: string): Map<string, string> {
  const file = path.join(dir, 'packed-refs');
  const st = fs.statSync(file, { throwIfNoEntry: false });
  if (!st) return NO_REFS;
  const stamp = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
  const hit = packedCache.get(dir);
  if (hit?.stamp === stamp) return hit.refs;
  const readAt = Date.now();
  const refs = new Map<string, string>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    // "<sha> <refname>"; '#' starts the header, '^' a peeled tag line.
    if (line.length > 41 && line[40] === ' ' && SHA_RE.test(line.slice(0, 40))) refs.set(line.slice(41), line.slice(0, 40));
  }
  packedCache.delete(dir);
  if (readAt - st.mtimeMs < RACY_MS) return refs;
  if (packedCache.size >= PACKED_CACHE_SIZE) packedCache.delete(packedCache.keys().next().value!);
  packedCache.set(dir, { stamp, refs });
  return refs;
}

/** A loose ref's SHA, 'missing', or 'other' (a symbolic ref or something we leave to git). */
function looseRef(dir: string, ref: string): string {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, ref), 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // A folder of that name holds longer refs (a/b), it is not the ref itself.
    return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' ? 'missing' : 'other';
  }
  const sha = text.trim();
  return SHA_RE.test(sha) ? sha : 'other';
}

function refValue(dir: string, ref: string): string {
  const loose = looseRef(dir, ref);
  if (loose !== 'missing') return loose;
  return packedRefs(dir).get(ref) ?? 'missing';
}

/**
 * The tip of branch `name` when git's own lookup (rev-parse's refs/<n>, refs/tags/<n>,
 * refs/heads/<n> order) would surely pick that branch, else null and the caller asks git. Names
 * that could be a SHA, a pseudo-ref (HEAD, FETCH_HEAD) or that git would refuse are left to git.
 */
export function resolveBranchFast(dir: string, name: string): string | null {
  if (!/^[A-Za-z0-9._/-]+$/.test(name) || name.length > 255) return null;
  if (/^[0-9a-fA-F]{4,40}$/.test(name) || /^[A-Z_]+$/.test(name) || name.startsWith('refs/')) return null;
  if (name.includes('..') || name.includes('//') || name.startsWith('/') || name.endsWith('/') || name.endsWith('.lock') || /(^|\/)\./.test(name)) return null;
  try {
    if (refValue(dir, `refs/${name}`) !== 'missing' || refValue(dir, `refs/tags/${name}`) !== 'missing') return null;
    const sha = refValue(dir, `refs/heads/${name}`);
    return SHA_RE.test(sha) ? sha : null;
  } catch {
    return null;
  }
}

/** Forgets what we read of a repository's refs (after pushes, branch writes, merges). */
export function invalidateRepoRefs(dir: string): void {
  packedCache.delete(dir);
}

/**
 * The tips of branches `names` read from the ref files (no process; a pull request list needs a
 * few of a repository's hundreds), leaving out those that do not exist, as `for-each-ref
 * refs/heads/` would. null when one of them needs git (a symbolic ref, an unusual name).
 */
export function branchTipsFast(dir: string, names: string[]): Map<string, string> | null {
  const out = new Map<string, string>();
  try {
    for (const name of new Set(names)) {
      if (!/^[A-Za-z0-9._/-]+$/.test(name) || name.length > 255) return null;
      if (name.includes('..') || name.includes('//') || name.startsWith('/') || name.endsWith('/') || name.endsWith('.lock') || /(^|\/)\./.test(name))
        return null;
      const sha = refValue(dir, `refs/heads/${name}`);
      if (sha === 'other') return null;
      if (sha !== 'missing') out.set(name, sha);
    }
  } catch {
    return null;
  }
  return out;
}
