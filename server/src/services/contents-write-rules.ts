// The rules of the contents API's writes (Gitea's services/repository/files): which paths a file
// may have, who the commit is by and when, the default message, and branch protection as a push
// meets it (protection-rules.ts decides, as for git push and merges).
import type { Db } from '../db/types.ts';
import type { UserRow } from '../db/schema.ts';
import { forbidden, unprocessable } from '../errors.ts';
import type { DatedIdentity } from '../git/file-commit.ts';
import type { RepoPermission } from './permissions.ts';
import { canUserPush, effectiveRule } from './protection-rules.ts';
import { filePatterns } from './push-protection.ts';

export type FileOperation = 'create' | 'update' | 'delete';

export interface IdentityInput {
  name?: string;
  email?: string;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A file path as the tree will hold it: relative, '/'-separated, without empty, '.', '..' or
 * '.git' segments (Gitea's CleanUploadFileName refuses .git; '..' and absolute paths are refused
 * here rather than silently rewritten). A bad path answers 422.
 */
export function cleanTreePath(raw: string): string {
  const bad = () => unprocessable(`path contains a malformed path component [path: ${raw.replace(CONTROL, '')}]`);
  if (!raw || raw.startsWith('/') || raw.includes('\\') || CONTROL.test(raw)) throw bad();
  const parts = raw.split('/').filter((s) => s !== '');
  if (!parts.length) throw bad();
  for (const s of parts) if (s === '.' || s === '..' || s.toLowerCase() === '.git') throw bad();
  return parts.join('/');
}

/** Gitea's changeFilesCommitMessage (locale en-US): "Add a, b\nUpdate c\nDelete d". */
export function defaultCommitMessage(files: { operation: FileOperation; path: string }[]): string {
  const of = (op: FileOperation) => files.filter((f) => f.operation === op).map((f) => f.path);
  const lines: string[] = [];
  if (of('create').length) lines.push(`Add ${of('create').join(', ')}`);
  if (of('update').length) lines.push(`Update ${of('update').join(', ')}`);
  if (of('delete').length) lines.push(`Delete ${of('delete').join(', ')}`);
  return lines.join('\n');
}

/** The name git writes for a user (Gitea's GitName: the full name, else the login name). */
export function userIdentity(u: UserRow): { name: string; email: string } {
  const safe = (s: string) => s.replace(/[\n<>]/g, '').trim();
  return { name: safe(u.full_name) || safe(u.name), email: u.email };
}

/**
 * Gitea's GetAuthorAndCommitterUsers: an identity with an e-mail address is used as given (the
 * doer's own address keeps the doer's name unless a name is given); when only one of the two is
 * given it is both; neither is the doer.
 */
export function authorAndCommitter(doer: UserRow, author?: IdentityInput, committer?: IdentityInput) {
  const me = userIdentity(doer);
  const pick = (who?: IdentityInput) => {
    if (!who?.email) return null;
    if (who.email.toLowerCase() === doer.email.toLowerCase()) return { name: who.name || me.name, email: doer.email };
    return { name: who.name ?? '', email: who.email };
  };
  let c = pick(committer);
  const a = pick(author) ?? c ?? me;
  c ??= a;
  return { author: a, committer: c };
}

/** An ISO 8601 date as git's internal "<unix> <+hhmm>", keeping its offset; now when absent. 422 when unreadable. */
export function gitDate(iso: string | undefined, field: string, now = new Date()): string {
  if (!iso) return `${Math.floor(now.getTime() / 1000)} +0000`;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw unprocessable(`${field}: not a date: ${iso}`);
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  const offset = m ? `${m[1]}${m[2]}${m[3]}` : '+0000';
  return `${Math.floor(ms / 1000)} ${offset}`;
}

export function datedIdentity(who: { name: string; email: string }, date: string): DatedIdentity {
  return { name: who.name, email: who.email, date };
}

/** Gitea writes the trimmed message, a newline, and with signoff a blank line and the trailer. */
export function finalMessage(message: string, signoff: boolean, committer: { name: string; email: string }): string {
  let out = `${message.trim()}\n`;
  if (signoff) out += `\nSigned-off-by: ${committer.name} <${committer.email}>`;
  return out;
}

/** What branch protection says about the doer writing `paths` to `branch` (Gitea's VerifyBranchProtection). */
export async function checkBranchWrite(db: Db, repoId: number, branch: string, doer: UserRow, perm: RepoPermission, paths: string[]) {
  const rule = await effectiveRule(db, repoId, branch);
  if (!rule) return;
  const lower = paths.map((p) => p.toLowerCase());
  const protectedRes = filePatterns(rule.row.protected_file_patterns).map((s) => new RegExp(s, 's'));
  const hit = lower.find((p) => protectedRes.some((re) => re.test(p)));
  if (hit) throw forbidden(`path is protected and can not be changed [path: ${hit}]`);
  if (!(await canUserPush(db, rule, doer, perm))) {
    const unprotected = filePatterns(rule.row.unprotected_file_patterns).map((s) => new RegExp(s, 's'));
    const allUnprotected = unprotected.length > 0 && lower.every((p) => unprotected.some((re) => re.test(p)));
    if (!allUnprotected) throw forbidden(`branch ${branch} is protected: ${doer.name} may not push to it; commit to a new branch and open a pull request`);
  }
  if (rule.row.require_signed_commits) {
    throw forbidden(`branch ${branch} requires signed commits, and this server does not sign commits; commit to a new branch instead`);
  }
}
