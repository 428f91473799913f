// Repository settings: PATCH /repos/{owner}/{repo} changes only the fields given — description,
// website, visibility, units, merge styles, archiving, the default branch — and renames the
// repository (its folder moves with the row, the old name redirecting).
import fs from 'node:fs';
import type { Deps } from '../context.ts';
import { repoDir } from '../context.ts';
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { findRepoIdByOwnerAndName, updateRepo, updateRepoActionsPrivacy } from '../db/repos.ts';
import type { RepoRow, RepoUpdate, UserRow } from '../db/schema.ts';
import { conflict, unprocessable } from '../errors.ts';
import { hasAnyBranch, resolveCommit, setHead } from '../git/repo.ts';
import { recordAction } from './activity.ts';
import { forgetRepoRedirect, recordRepoRedirect } from '../db/redirects.ts';
import { beginMove, crashPoint, endMove } from './repo-folders.ts';
import { ALREADY_EXISTS, isValidBranchName, validateRepoName } from './repos.ts';

export interface EditRepoOptions {
  name?: string;
  description?: string;
  website?: string;
  private?: boolean;
  template?: boolean;
  archived?: boolean;
  default_branch?: string;
  has_issues?: boolean;
  has_wiki?: boolean;
  has_pull_requests?: boolean;
  has_projects?: boolean;
  has_releases?: boolean;
  allow_merge_commits?: boolean;
  allow_rebase?: boolean;
  allow_rebase_explicit?: boolean;
  allow_squash_merge?: boolean;
  allow_fast_forward_only_merge?: boolean;
  allow_manual_merge?: boolean;
  default_delete_branch_after_merge?: boolean;
  default_merge_style?: string;
}

const MERGE_FLAGS = [
  'allow_merge_commits',
  'allow_rebase',
  'allow_rebase_explicit',
  'allow_squash_merge',
  'allow_fast_forward_only_merge',
  'allow_manual_merge',
  'default_delete_branch_after_merge',
] as const;

const flag = (b: boolean) => (b ? 1 : 0);

/** PATCH /repos/{owner}/{repo}: only provided fields change. Returns the updated row. */
export async function editRepository(deps: Deps, doer: UserRow, owner: UserRow, repo: RepoRow, opts: EditRepoOptions): Promise<RepoRow> {
  const { db, config } = deps;
  const update: RepoUpdate = {};
  if (opts.description !== undefined) {
    if (opts.description.length > 2048) throw unprocessable('description: must be at most 2048 characters');
    update.description = opts.description;
  }
  if (opts.website !== undefined) {
    if (opts.website.length > 1024) throw unprocessable('website: must be at most 1024 characters');
    if (opts.website && !/^https?:\/\//i.test(opts.website)) throw unprocessable('website: must be a valid http or https URL');
    update.website = opts.website;
  }
  if (opts.private !== undefined) update.is_private = flag(opts.private);
  if (opts.template !== undefined) update.is_template = flag(opts.template);
  if (opts.has_issues !== undefined) update.has_issues = flag(opts.has_issues);
  if (opts.has_wiki !== undefined) update.has_wiki = flag(opts.has_wiki);
  if (opts.has_pull_requests !== undefined) update.has_pull_requests = flag(opts.has_pull_requests);
  if (opts.has_projects !== undefined) update.has_projects = flag(opts.has_projects);
  if (opts.has_releases !== undefined) update.has_releases = flag(opts.has_releases);
  for (const key of MERGE_FLAGS) if (opts[key] !== undefined) update[key] = flag(opts[key]);
  if (opts.default_merge_style !== undefined) update.default_merge_style = opts.default_merge_style;
  if (opts.archived !== undefined && opts.archived !== (repo.is_archived === 1)) {
    update.is_archived = flag(opts.archived);
    update.archived_unix = opts.archived ? nowUnix() : 0;
  }

  const dir = repoDir(config, owner.name, repo.name);
  const newName = opts.name !== undefined && opts.name !== repo.name ? opts.name : undefined;
  if (newName !== undefined) {
    validateRepoName(newName);
    if (newName.toLowerCase() !== repo.lower_name) {
      const taken = await findRepoIdByOwnerAndName(db, owner.id, newName);
      if (taken) throw unprocessable(`repo name is already taken [name: ${newName}]`);
    }
  }

  if (opts.default_branch !== undefined && opts.default_branch !== repo.default_branch) {
    const branch = opts.default_branch;
    if (!isValidBranchName(branch)) throw unprocessable(`default_branch: invalid branch name "${branch}"`);
    const empty = repo.is_empty === 1 || !(await hasAnyBranch(dir));
    if (!empty && !(await resolveCommit(dir, `refs/heads/${branch}`))) throw unprocessable(`default_branch: branch "${branch}" does not exist`);
    await setHead(dir, branch);
    update.default_branch = branch;
  }

  if (newName !== undefined) {
    update.name = newName;
    update.lower_name = newName.toLowerCase();
    const newDir = repoDir(config, owner.name, newName);
    // Folders are lower-case, so a change of case only is a row update. Otherwise the folder moves
    // with one rename as the transaction's last step, an intent file beside it for reconciliation.
    if (newDir === dir) return applyUpdate(db, doer, repo, update, repo.name);
    if (fs.existsSync(newDir)) throw conflict(`${ALREADY_EXISTS} (its files exist on disk)`);
    let intent: string | undefined;
    let moved = false;
    try {
      const row = await applyUpdate(db, doer, repo, update, repo.name, () => {
        intent = beginMove(config, { kind: 'repo', id: repo.id, from: dir, to: newDir });
        fs.renameSync(dir, newDir);
        moved = true;
        crashPoint('rename:moved');
      });
      endMove(intent);
      return row;
    } catch (e) {
      // The row kept its old name: put the folder back so row and disk keep agreeing.
      if (moved) fs.renameSync(newDir, dir);
      endMove(intent);
      // Another repository took the name at the same time, past the check above: Gitea's 422.
      throw isUniqueViolation(e) ? unprocessable(`repo name is already taken [name: ${newName}]`) : e;
    }
  }
  return applyUpdate(db, doer, repo, update);
}

/** Applies `update` in one transaction; `lastStep` runs inside it just before the commit. */
async function applyUpdate(db: Db, doer: UserRow, repo: RepoRow, update: RepoUpdate, oldName?: string, lastStep?: () => void): Promise<RepoRow> {
  if (!Object.keys(update).length) return repo;
  update.updated_unix = nowUnix();
  return db.transaction().execute(async (trx) => {
    const row = await updateRepo(trx, repo.id, update);
    if (update.is_private !== undefined) await updateRepoActionsPrivacy(trx, repo.id, update.is_private);
    if (oldName !== undefined) await recordAction(trx as unknown as Db, { op_type: 'rename_repo', act_user_id: doer.id, repo: row, content: oldName });
    if (oldName !== undefined) {
      // The old name now redirects here; the new one redirects nowhere else (Gitea's NewRedirect).
      await forgetRepoRedirect(trx, repo.owner_id, row.name);
      if (oldName.toLowerCase() !== row.lower_name) await recordRepoRedirect(trx, repo.owner_id, oldName, repo.id);
    }
    lastStep?.();
    return row;
  });
}
