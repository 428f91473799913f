// Notifications and issue subscriptions (Gitea's models/activities/notification.go and
// models/issues/issue_watch.go).
import type { Generated } from 'kysely';

/**
 * One thread of a user's inbox: one row per (user, unique_key) — `issue-<id>` for an issue or a
 * pull request, `commit-<repo>-<sha>`, `release-<id>`, `repo-<id>` — made unread again and moved
 * to the top by each new event. status: 1 unread, 2 read, 3 pinned; source: 1 issue, 2 pull
 * request, 3 commit, 4 repository, 5 release (Gitea's NotificationStatus and NotificationSource).
 */
export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  repo_id: number;
  status: number;
  source: number;
  issue_id: number;
  commit_id: string;
  comment_id: number;
  updated_by: number;
  created_unix: number;
  updated_unix: number;
  release_id: Generated<number>;
  unique_key: Generated<string>;
}

/** A user following (is_watching 1) or muting (0) one issue or pull request, over the repository watch. */
export interface IssueWatchTable {
  id: Generated<number>;
  user_id: number;
  issue_id: number;
  is_watching: number;
  created_unix: number;
  updated_unix: number;
}
