// Branch and tag rules: Gitea's Branch shape, and creating, moving, renaming and deleting
// branches with atomic ref updates. Branch protection comes later and will plug in here.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { nowUnix } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import { conflict, forbidden, notFound, unprocessable } from '../errors.ts';
import { resolveCommit, setHead } from '../git/repo.ts';
import {
  type BranchRef,
  getBranch,
  headBranch,
  isAncestor,
  isValidBranchName,
  listBranches,
  listTags,
  refExists,
  updateRefs,
} from '../git/refs.ts';
import type { Paging } from '../api/paging.ts';
import { recordAction } from './activity.ts';
import type { RepoContext } from './repo-context.ts';
import { isRepoEmpty, repoApiUrl, repoHtmlUrl, UNSIGNED, usersByEmail } from './commits.ts';

export function toApiBranch(b: BranchRef, rc: RepoContext, config: Config, users: Map<string, UserRow>, viewer: UserRow | null) {
  const username = (email: string) => users.get(email.toLowerCase())?.name ?? '';
  // Without protection rules, pushing and merging follow the caller's write access to the code.
  const canWrite = !!viewer && rc.perm.canWrite('code');
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
    protected: false,
    required_approvals: 0,
    enable_status_check: false,
    status_check_contexts: [] as string[],
    user_can_push: canWrite,
    user_can_merge: canWrite,
    effective_branch_protection_name: '',
  };
}

export type ApiBranchValue = ReturnType<typeof toApiBranch>;

async function branchesToApi(db: Db, config: Config, rc: RepoContext, viewer: UserRow | null, refs: BranchRef[]) {
  const users = await usersByEmail(db, refs.flatMap((b) => [b.author.email, b.committer.email]));
  return refs.map((b) => toApiBranch(b, rc, config, users, viewer));
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

export async function listTagsPage(config: Config, rc: RepoContext, p: Paging) {
  const all = await listTags(rc.dir);
  const api = repoApiUrl(config, rc);
  const html = repoHtmlUrl(config, rc);
  const items = all.slice(p.offset, p.offset + p.limit).map((t) => ({
    name: t.name,
    message: t.message,
    id: t.id,
    commit: { url: `${api}/git/commits/${t.commitSha}`, sha: t.commitSha, created: t.created },
    zipball_url: `${html}/archive/${encodeURIComponent(t.name)}.zip`,
    tarball_url: `${html}/archive/${encodeURIComponent(t.name)}.tar.gz`,
  }));
  return { total: all.length, items };
}

async function assertNotEmpty(rc: RepoContext) {
  if (await isRepoEmpty(rc)) throw notFound('Git Repository is empty.');
}

async function assertValidName(rc: RepoContext, name: string, field: string) {
  if (!(await isValidBranchName(rc.dir, name))) throw unprocessable(`${field}: invalid branch name "${name}"`);
}

async function markNotEmpty(db: Db, rc: RepoContext) {
  if (rc.repo.is_empty === 1) await db.updateTable('repository').set({ is_empty: 0, updated_unix: nowUnix() }).where('id', '=', rc.repo.id).execute();
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

export async function updateBranch(rc: RepoContext, name: string, body: { new_commit_id: string; old_commit_id?: string; force?: boolean }) {
  await assertNotEmpty(rc);
  const current = await getBranch(rc.dir, name);
  if (!current) throw notFound(`branch does not exist [name: ${name}]`);
  const target = await resolveCommit(rc.dir, body.new_commit_id);
  if (!target) throw unprocessable(`new_commit_id: commit does not exist [id: ${body.new_commit_id}]`);
  if (body.old_commit_id) {
    const expected = await resolveCommit(rc.dir, body.old_commit_id);
    if (expected !== current.sha) throw conflict(`The branch has moved: it is at ${current.sha}, not ${body.old_commit_id}.`);
  }
  if (target === current.sha) return;
  if (!body.force && !(await isAncestor(rc.dir, current.sha, target))) throw conflict('The update is not a fast-forward.');
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
  if (isDefault && !rc.perm.canAdmin()) throw forbidden('User must be a repo or site admin to rename default or protected branches.');
  // Gitea answers 422 here (not 409), with this message.
  if (from === to || (await refExists(rc.dir, `refs/heads/${to}`))) {
    throw unprocessable('Cannot rename a branch using the same name or rename to a branch that already exists.');
  }
  try {
    await updateRefs(rc.dir, [
      { kind: 'create', ref: `refs/heads/${to}`, sha: current.sha },
      { kind: 'delete', ref: `refs/heads/${from}`, oldSha: current.sha },
    ]);
  } catch {
    throw conflict('Cannot rename a branch to a name that conflicts with an existing branch.');
  }
  if (isDefault || (await headBranch(rc.dir)) === from) {
    await setHead(rc.dir, to);
    if (isDefault) {
      await db.updateTable('repository').set({ default_branch: to, updated_unix: nowUnix() }).where('id', '=', rc.repo.id).execute();
    }
  }
}

export async function deleteBranch(db: Db, rc: RepoContext, doer: UserRow, name: string) {
  await assertNotEmpty(rc);
  const current = await getBranch(rc.dir, name);
  if (!current) throw notFound(`branch does not exist [name: ${name}]`);
  if (name === rc.repo.default_branch) throw forbidden('can not delete default branch');
  try {
    await updateRefs(rc.dir, [{ kind: 'delete', ref: `refs/heads/${name}`, oldSha: current.sha }]);
  } catch {
    throw conflict('The branch was changed by someone else; try again.');
  }
  await recordAction(db, { op_type: 'delete_branch', act_user_id: doer.id, repo: rc.repo, ref_name: name });
}
