// Activity feed records. As in Gitea, one row per feed that shows the action: the actor's and the
// repository owner's. A repository's feed is the owner's rows for that repository.
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import type { RepoRow } from '../db/schema.ts';
import { insertActions } from '../db/activity.ts';

export type OpType =
  | 'create_repo'
  | 'rename_repo'
  | 'star_repo'
  | 'watch_repo'
  | 'commit_repo'
  | 'create_issue'
  | 'create_pull_request'
  | 'transfer_repo'
  | 'push_tag'
  | 'comment_issue'
  | 'merge_pull_request'
  | 'close_issue'
  | 'reopen_issue'
  | 'close_pull_request'
  | 'reopen_pull_request'
  | 'delete_tag'
  | 'delete_branch'
  | 'mirror_sync_push'
  | 'mirror_sync_create'
  | 'mirror_sync_delete'
  | 'approve_pull_request'
  | 'reject_pull_request'
  | 'comment_pull'
  | 'publish_release'
  | 'pull_review_dismissed'
  | 'pull_request_ready_for_review'
  | 'auto_merge_pull_request';

export async function recordAction(
  db: Db,
  a: { op_type: OpType; act_user_id: number; repo: Pick<RepoRow, 'id' | 'owner_id' | 'is_private'>; ref_name?: string; content?: string; comment_id?: number },
) {
  const created_unix = nowUnix();
  const feeds = new Set([a.act_user_id, a.repo.owner_id]);
  await insertActions(
    db,
    [...feeds].map((user_id) => ({
      user_id,
      op_type: a.op_type,
      act_user_id: a.act_user_id,
      repo_id: a.repo.id,
      comment_id: a.comment_id ?? 0,
      ref_name: a.ref_name ?? '',
      is_private: a.repo.is_private,
      content: a.content ?? '',
      created_unix,
    })),
  );
}
