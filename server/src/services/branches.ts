// Branch rules: Gitea's Branch shape, and creating, moving, renaming and deleting
// branches with atomic ref updates. Branch protection (protection-rules.ts) decides what a
// branch answers for the caller and which moves the branch API refuses.
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import { markRepoNotEmpty, updateRepoDefaultBranch } from '../db/branches.ts';
import { findRuleIdByName } from '../db/branch-protections.ts';
import type { UserRow } from '../db/schema.ts';
import { conflict, forbidden, notFound, unprocessable } from '../errors.ts';
import { resolveCommit, setHead } from '../git/repo.ts';
import { type BranchRef, getBranch, headBranch, isAncestor, isValidBranchName, listBranches, refExists, updateRefs } from '../git/refs.ts';
import type { Paging } from '../api/paging.ts';
import { recordAction } from './activity.ts';
import type { RepoContext } from './repo-access.ts';
import { isRepoEmpty, repoHtmlUrl, UNSIGNED, usersByEmail } from './commits.ts';
import { canUserForcePush, canUserMerge, canUserPush, effectiveRule, firstMatch, loadRules, type ProtectionRule } from './protection-rules.ts';
import { renameRuleWithBranch } from './branch-protections.ts';

/** What a branch's protection means for the caller (Gitea's convert.ToBranch). */
export interface BranchAccess {
  rule: ProtectionRule | null;
  canPush: boolean;
  canMerge: boolean;
}

export async function branchAccess(db: Db, rc: RepoContext, rule: ProtectionRule | null, viewer: UserRow | null): Promise<BranchAccess> {
  return { rule, canPush: await canUserPush(db, rule, viewer, rc.perm), canMerge: await canUserMerge(db, rule, viewer, rc.perm) };
}

export function toApiBranch(b: BranchRef, rc: RepoContext, config: Config, users: Map<string, UserRow>, access: BranchAccess) {
  const username = (email: string) => users.get(email.toLowerCase())?.name ?? '';
  const { rule } = access;
  return {
    name: b.name,
    commit: {
      id: b.sha,
      message: b.message,
      url: `${repoHtmlUrl(config, rc)}/commit/${b.sha}`,
      author: { name: b.author.name, email: b.author.email, username: username(b.author.email) },
      committer: { name: b.committer.name, email: b.committer.email, username: username(b.committer.email) },
      verification: UNSIGNED,
      timestamp: b.author.date,
    },
    protected: !!rule,
    required_approvals: rule?.row.required_approvals ?? 0,
    enable_status_check: rule ? rule.row.enable_status_check === 1 : false,
    status_check_contexts: rule ? rule.statusCheckContexts : ([] as string[]),
    user_can_push: access.canPush,
    user_can_merge: access.canMerge,
    // Gitea names the rule to repository admins only.
    effective_branch_protection_name: rule && rc.perm.canAdmin() ? rule.ruleName : '',
  };
}

export type ApiBranchValue = ReturnType<typeof toApiBranch>;

async function branchesToApi(db: Db, config: Config, rc: RepoContext, viewer: UserRow | null, refs: BranchRef[]) {
  const users = await usersByEmail(
    db,
    refs.flatMap((b) => [b.author.email, b.committer.email]),
  );
  // The rules are read once for the whole page; each branch takes the first that matches, and
  // what a rule allows the caller is worked out once per rule.
  const rules = refs.length ? await loadRules(db, rc.repo.id) : [];
  const byRule = new Map<number, BranchAccess>();
  const out = [];
  for (const b of refs) {
    const rule = firstMatch(rules, b.name);
    const key = rule?.id ?? 0;
    let access = byRule.get(key);
    if (!access) byRule.set(key, (access = await branchAccess(db, rc, rule, viewer)));
    out.push(toApiBranch(b, rc, config, users, access));
  }
  return out;
}

export async function listBranchesPage(db: Db, config: Config, rc: RepoContext, viewer: UserRow | null, p: Paging) {
  const all = await listBranches(rc.dir);
  const page = all.slice(p.offset, p.offset + p.limit);
  return { total: all.length, items: await branchesToApi(db, config, rc, viewer, page) };
}

export async function getBranchApi(db: Db, config: Config, rc: RepoContext, viewer: UserRow | null, name: string) {
  const b = await getBranch(rc.dir, name);
  if (!b) throw notFound(`branch does not exist [name: ${name}]`);
  return (await branchesToApi(db, config, rc, viewer, [b]))[0]!;
}

async function assertNotEmpty(rc: RepoContext) {
  if (await isRepoEmpty(rc)) throw notFound('Git Repository is empty.');
}

async function assertValidName(rc: RepoContext, name: string, field: string) {
  if (!(await isValidBranchName(rc.dir, name))) throw unprocessable(`${field}: invalid branch name "${name}"`);
}

async function markNotEmpty(db: Db, rc: RepoContext) {
  if (rc.repo.is_empty === 1) await markRepoNotEmpty(db, rc.repo.id, nowUnix());
}

export async function createBranch(
  db: Db,
  config: Config,
  rc: RepoContext,
  doer: UserRow,
  body: { new_branch_name: string; old_ref_name?: string; old_branch_name?: string },
) {
  await assertNotEmpty(rc);
  const name = body.new_branch_name;
  await assertValidName(rc, name, 'new_branch_name');
  let from: string | null;
  if (body.old_ref_name) {
    from = await resolveCommit(rc.dir, body.old_ref_name);
    if (!from) throw notFound(`The old ref does not exist [ref: ${body.old_ref_name}]`);
  } else if (body.old_branch_name) {
    from = (await getBranch(rc.dir, body.old_branch_name))?.sha ?? null;
    if (!from) throw notFound('The old branch does not exist');
  } else {
    from = await resolveCommit(rc.dir, `refs/heads/${rc.repo.default_branch}`);
    if (!from) throw notFound('The default branch does not exist');
  }
  if (await refExists(rc.dir, `refs/heads/${name}`)) throw conflict('The branch already exists.');
  if (await refExists(rc.dir, `refs/tags/${name}`)) throw conflict('The branch with the same tag already exists.');
  try {
    await updateRefs(rc.dir, [{ kind: 'create', ref: `refs/heads/${name}`, sha: from }]);
  } catch {
    // A ref that is a folder of this name or a prefix of it ("a" vs "a/b"), or a concurrent create.
    throw conflict('The branch with the same name already exists.');
  }
  await markNotEmpty(db, rc);
  return getBranchApi(db, config, rc, doer, name);
}

/**
 * Moves a branch as a push would (Gitea's UpdateBranch pushes, so its pre-receive protection
 * applies): a protected branch moves only for those the rule lets push, and a non-fast-forward
 * only for those it lets force-push. A stale old_commit_id or a non-fast-forward without
 * `force` is a validation error (422), as in Gitea.
 */
export async function updateBranch(
  db: Db,
  rc: RepoContext,
  doer: UserRow,
  name: string,
  body: { new_commit_id: string; old_commit_id?: string; force?: boolean },
) {
  await assertNotEmpty(rc);
  const current = await getBranch(rc.dir, name);
  if (!current) throw notFound(`branch does not exist [name: ${name}]`);
  const target = await resolveCommit(rc.dir, body.new_commit_id);
  if (!target) throw unprocessable(`new_commit_id: commit does not exist [id: ${body.new_commit_id}]`);
  if (body.old_commit_id) {
    const expected = await resolveCommit(rc.dir, body.old_commit_id);
    if (expected !== current.sha) throw unprocessable(`branch commit does not match [expected: ${current.sha}, given: ${body.old_commit_id}]`);
  }
  if (target === current.sha) return;
  const isForcePush = !(await isAncestor(rc.dir, current.sha, target));
  if (isForcePush && !body.force) throw unprocessable(`Force push ${name} needs the force parameter: the update is not a fast-forward.`);
  const rule = await effectiveRule(db, rc.repo.id, name);
  if (rule) {
    const by = ` (protection rule "${rule.ruleName}")`;
    if (isForcePush && !rule.row.can_force_push) throw forbidden(`Branch ${name} is protected from force push${by}`);
    if (isForcePush ? !(await canUserForcePush(db, rule, doer, rc.perm)) : !(await canUserPush(db, rule, doer, rc.perm))) {
      throw forbidden(`${isForcePush ? 'Not allowed to force-push to protected branch ' : 'Not allowed to push to protected branch '}${name}${by}`);
    }
  }
  try {
    await updateRefs(rc.dir, [{ kind: 'update', ref: `refs/heads/${name}`, sha: target, oldSha: current.sha }]);
  } catch {
    throw conflict('The branch was changed by someone else; try again.');
  }
}

export async function renameBranch(db: Db, rc: RepoContext, from: string, to: string) {
  await assertNotEmpty(rc);
  await assertValidName(rc, to, 'name');
  const current = await getBranch(rc.dir, from);
  if (!current) throw notFound("Branch doesn't exist.");
  const isDefault = from === rc.repo.default_branch;
  const rule = await effectiveRule(db, rc.repo.id, from);
  if ((isDefault || rule) && !rc.perm.canAdmin()) throw forbidden('User must be a repo or site admin to rename default or protected branches.');
  // Gitea answers 422 here (not 409), with this message.
  if (from === to || (await refExists(rc.dir, `refs/heads/${to}`))) {
    throw unprocessable('Cannot rename a branch using the same name or rename to a branch that already exists.');
  }
  // Gitea's models/git RenameBranch: a rule named exactly after the branch follows it to the new
  // name; a branch protected only by a glob rule keeps its name.
  const ownRule = rule ? await findRuleIdByName(db, rc.repo.id, from) : undefined;
  if (rule && !ownRule) throw forbidden('Branch is protected by glob-based protection rules.');
  try {
    await updateRefs(rc.dir, [
      { kind: 'create', ref: `refs/heads/${to}`, sha: current.sha },
      { kind: 'delete', ref: `refs/heads/${from}`, oldSha: current.sha },
    ]);
  } catch {
    throw conflict('Cannot rename a branch to a name that conflicts with an existing branch.');
  }
  if (isDefault || (await headBranch(rc.dir)) === from) await setHead(rc.dir, to);
  if (isDefault || ownRule) {
    await db.transaction().execute(async (trx) => {
      if (isDefault) await updateRepoDefaultBranch(trx, rc.repo.id, to, nowUnix());
      if (ownRule) await renameRuleWithBranch(trx, rc.repo.id, from, to);
    });
  }
}

/** Deletes a branch; answers the commit it pointed at. */
export async function deleteBranch(db: Db, rc: RepoContext, doer: UserRow, name: string): Promise<string> {
  await assertNotEmpty(rc);
  const current = await getBranch(rc.dir, name);
  if (!current) throw notFound(`branch does not exist [name: ${name}]`);
  if (name === rc.repo.default_branch) throw forbidden('can not delete default branch');
  // Gitea refuses to delete any branch a rule protects, whoever asks.
  if (await effectiveRule(db, rc.repo.id, name)) throw forbidden('branch protected');
  try {
    await updateRefs(rc.dir, [{ kind: 'delete', ref: `refs/heads/${name}`, oldSha: current.sha }]);
  } catch {
    throw conflict('The branch was changed by someone else; try again.');
  }
  await recordAction(db, { op_type: 'delete_branch', act_user_id: doer.id, repo: rc.repo, ref_name: name });
  return current.sha;
}
