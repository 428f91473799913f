// Deleting a repository: its rows (issues, stars, watches, feed, redirects) in one transaction
// with the folder moved aside as the last step, removed once the transaction has committed.
import fs from 'node:fs';
import type { Deps } from '../context.ts';
import { repoDir } from '../context.ts';
import { deleteRepoActions, deleteRepoRow, detachForksOf, recountRepoForks } from '../db/repos.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import { deleteRepoIssueRows, repoIssueAttachmentUuids } from './conversation.ts';
import { removeAttachmentFiles } from './attachments.ts';
import { deleteRepoReleaseRows, repoReleaseAssetUuids } from '../db/releases.ts';
import { forgetRepoSocial } from './user-social.ts';
import { forgetRedirectsOf } from '../db/redirects.ts';
import { deleteRepoNotifications } from '../db/notifications.ts';
import { crashPoint, moveToTrash } from './repo-folders.ts';
import { removeAllRepoTopics } from '../db/topics.ts';

/**
 * Removes the row, its actions and the git folder: the folder is renamed aside (tmp/trash-<id>-…)
 * as the transaction's last step and removed once it has committed.
 */
export async function deleteRepository(deps: Deps, owner: UserRow, repo: RepoRow): Promise<void> {
  const { db, config } = deps;
  const dir = repoDir(config, owner.name, repo.name);
  const attachments = [...(await repoIssueAttachmentUuids(db, repo.id)), ...(await repoReleaseAssetUuids(db, repo.id))];
  let trash: string | null = null;
  try {
    await db.transaction().execute(async (trx) => {
      await deleteRepoIssueRows(trx, repo.id);
      await deleteRepoReleaseRows(trx, repo.id);
      await forgetRepoSocial(trx, repo.id);
      await deleteRepoActions(trx, repo.id);
      await removeAllRepoTopics(trx, repo.id);
      // Every thread about it, its issues' and its commits' and releases' alike (as Gitea).
      await deleteRepoNotifications(trx, repo.id);
      await deleteRepoRow(trx, repo.id);
      await forgetRedirectsOf(trx, repo);
      // As Gitea's DeleteRepositoryDirectly: its forks become ordinary repositories, and its parent
      // counts one fork less (recounted, so the number cannot drift).
      await detachForksOf(trx, repo.id);
      if (repo.fork_id) await recountRepoForks(trx, repo.fork_id);
      trash = moveToTrash(config, dir, repo.id);
      crashPoint('delete:trashed');
    });
  } catch (e) {
    if (trash) fs.renameSync(trash, dir);
    throw e;
  }
  removeAttachmentFiles(config, attachments);
  if (trash) fs.rmSync(trash, { recursive: true, force: true });
}
