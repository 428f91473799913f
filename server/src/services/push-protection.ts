// Branch protection for git pushes: everything the pre-receive hook (git/hooks.ts) needs to know
// from the database, worked out for one pusher before receive-pack starts, so the hook itself only
// asks git. The decisions are protection-rules.ts's, the same the branch API and merges use.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../context.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import { listActiveUserKeys } from '../db/push-signers.ts';
import { PUSH_POLICY_ENV, type PolicyMatch, type PushPolicy } from '../git/hooks.ts';
import type { RepoPermission } from './permissions.ts';
import { canUserForcePush, canUserPush, globToRegExp, loadRules, type ProtectionRule } from './protection-rules.ts';

function policyMatch(rule: ProtectionRule): PolicyMatch {
  if (rule.isPlainName) return { plain: rule.ruleName.toLowerCase() };
  const re = globToRegExp(rule.ruleName);
  return re ? { regex: re.source } : { literal: rule.ruleName };
}

/**
 * A rule's protected / unprotected file patterns as Gitea's getFilePatterns reads them: `;`-separated
 * globs, lower-cased, compiled by gobwas with both '/' and '.' as separators (so `*` and `?` stop at
 * a dot as well); a pattern that does not compile is left out.
 */
export function filePatterns(value: string): string[] {
  return value
    .split(';')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .flatMap((expr) => {
      const re = globToRegExp(expr);
      // globToRegExp writes its one-character wildcard as [^/]; here '.' separates too.
      return re ? [re.source.replaceAll('[^/]', '[^/.]')] : [];
    });
}

// An allowed-signers principal is a pattern list: an address with pattern characters, commas,
// quotes or spaces could name someone else, so it is left out (its commits stay unverified).
const SAFE_PRINCIPAL = /^[^\s,*?!"\\]+@[^\s,*?!"\\]+$/;

/**
 * ssh-keygen's allowed-signers lines: each active user's email with each of their SSH keys, so git
 * reports a commit signed with a user's key as good, naming that email as the signer (Gitea
 * verifies SSH-signed commits against the committer's registered keys).
 */
async function allowedSigners(deps: Deps): Promise<string> {
  const rows = await listActiveUserKeys(deps.db);
  const lines: string[] = [];
  for (const r of rows) {
    const email = r.email.trim().toLowerCase();
    const [type, blob] = r.content.trim().split(/\s+/);
    if (!SAFE_PRINCIPAL.test(email) || !type || !blob || !/^[\w@.-]+$/.test(type) || !/^[A-Za-z0-9+/]+=*$/.test(blob)) continue;
    lines.push(`${email} ${type} ${blob}`);
  }
  return lines.join('\n') + '\n';
}

export interface PreparedPushPolicy {
  /** The environment for git http-backend (the hook inherits it). */
  env: NodeJS.ProcessEnv;
  /** Removes what was written for this push. */
  cleanup: () => void;
}

/** The push policy of `repo` for `user`, ready to hand to the pre-receive hook. */
export async function preparePushPolicy(deps: Deps, repo: RepoRow, user: UserRow, perm: RepoPermission): Promise<PreparedPushPolicy> {
  const rules = await loadRules(deps.db, repo.id);
  const policy: PushPolicy = { defaultBranch: repo.default_branch, rules: [] };
  for (const rule of rules) {
    policy.rules.push({
      name: rule.ruleName,
      match: policyMatch(rule),
      canPush: await canUserPush(deps.db, rule, user, perm),
      forcePushEnabled: rule.row.can_force_push === 1,
      canForcePush: await canUserForcePush(deps.db, rule, user, perm),
      requireSigned: rule.row.require_signed_commits === 1,
      protectedFiles: filePatterns(rule.row.protected_file_patterns),
      unprotectedFiles: filePatterns(rule.row.unprotected_file_patterns),
    });
  }
  let cleanup = () => {};
  if (policy.rules.some((r) => r.requireSigned)) {
    const dir = path.join(deps.config.dataDir, 'tmp', `push-${crypto.randomBytes(8).toString('hex')}`);
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'allowed_signers');
    fs.writeFileSync(file, await allowedSigners(deps));
    policy.allowedSigners = file;
    // An empty keyring of its own: OpenPGP signatures are checked against no key (so never verified),
    // and gpg never reads or writes the server account's ~/.gnupg.
    const gnupg = path.join(dir, 'gnupg');
    fs.mkdirSync(gnupg, { mode: 0o700 });
    policy.gnupgHome = gnupg;
    cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  }
  return { env: { [PUSH_POLICY_ENV]: JSON.stringify(policy) }, cleanup };
}
