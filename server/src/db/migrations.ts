// Timestamped migrations, run in name order at start, one per file in migrations/. Only Kysely's
// schema builder is used so that the same migrations can run on PostgreSQL; never edit a migration
// that has shipped, add one (a new file, imported and listed here under its name).
import type { Migration } from 'kysely';
import { migration as m20261122_0001_users_tokens_repos_actions } from './migrations/20261122-0001-users-tokens-repos-actions.ts';
import { migration as m20261122_0100_issues } from './migrations/20261122-0100-issues.ts';
import { migration as m20261122_0200_pulls_reviews_statuses } from './migrations/20261122-0200-pulls-reviews-statuses.ts';
import { migration as m20261122_0300_repo_merge_settings } from './migrations/20261122-0300-repo-merge-settings.ts';
import { migration as m20261122_0400_access } from './migrations/20261122-0400-access.ts';
import { migration as m20261122_0500_users_social } from './migrations/20261122-0500-users-social.ts';
import { migration as m20261122_0600_orgs } from './migrations/20261122-0600-orgs.ts';
import { migration as m20261123_0100_protected_branch } from './migrations/20261123-0100-protected-branch.ts';
import { migration as m20261123_0300_perf } from './migrations/20261123-0300-perf.ts';
import { migration as m20261123_0301_perf } from './migrations/20261123-0301-perf.ts';
import { migration as m20261123_0400_repo_redirect } from './migrations/20261123-0400-repo-redirect.ts';
import { migration as m20261123_0520_p2_comment_assignee_team } from './migrations/20261123-0520-p2-comment-assignee-team.ts';
import { migration as m20261123_0610_th_login_failures } from './migrations/20261123-0610-th-login-failures.ts';
import { migration as m20261123_0620_da_name_collation } from './migrations/20261123-0620-da-name-collation.ts';
import { migration as m20261127_0100_web_sessions } from './migrations/20261127-0100-web-sessions.ts';
import { migration as m20261127_0200_email_addresses } from './migrations/20261127-0200-email-addresses.ts';
import { migration as m20261127_0500_releases } from './migrations/20261127-0500-releases.ts';
import { migration as m20261127_0300_notifications } from './migrations/20261127-0300-notifications.ts';
import { migration as m20261127_0400_reactions } from './migrations/20261127-0400-reactions.ts';
import { migration as m20261127_0600_webhooks } from './migrations/20261127-0600-webhooks.ts';
import { migration as m20261127_0800_notification_keys } from './migrations/20261127-0800-notification-keys.ts';
import { migration as m20261127_1740_repo_topics } from './migrations/20261127-1740-repo-topics.ts';
import { migration as m20261127_2100_topic_name_collation } from './migrations/20261127-2100-topic-name-collation.ts';
import { migration as m20261127_0810_list_indexes } from './migrations/20261127-0810-list-indexes.ts';
import { migration as m20261128_0100_issue_pins } from './migrations/20261128-0100-issue-pins.ts';

export const migrations: Record<string, Migration> = {
  '20261122_0001_users_tokens_repos_actions': m20261122_0001_users_tokens_repos_actions,
  '20261122_0100_issues': m20261122_0100_issues,
  '20261122_0200_pulls_reviews_statuses': m20261122_0200_pulls_reviews_statuses,
  '20261122_0300_repo_merge_settings': m20261122_0300_repo_merge_settings,
  '20261122_0400_access': m20261122_0400_access,
  '20261122_0500_users_social': m20261122_0500_users_social,
  '20261122_0600_orgs': m20261122_0600_orgs,
  '20261123_0100_protected_branch': m20261123_0100_protected_branch,
  '20261123_0300_perf': m20261123_0300_perf,
  '20261123_0301_perf': m20261123_0301_perf,
  '20261123_0400_repo_redirect': m20261123_0400_repo_redirect,
  '20261123_0520_p2_comment_assignee_team': m20261123_0520_p2_comment_assignee_team,
  '20261123_0610_th_login_failures': m20261123_0610_th_login_failures,
  '20261123_0620_da_name_collation': m20261123_0620_da_name_collation,
  '20261127_0100_web_sessions': m20261127_0100_web_sessions,
  '20261127_0200_email_addresses': m20261127_0200_email_addresses,
  '20261127_0500_releases': m20261127_0500_releases,
  '20261127_0300_notifications': m20261127_0300_notifications,
  '20261127_0400_reactions': m20261127_0400_reactions,
  '20261127_0600_webhooks': m20261127_0600_webhooks,
  '20261127_0800_notification_keys': m20261127_0800_notification_keys,
  '20261127_0810_list_indexes': m20261127_0810_list_indexes,
  '20261127_1740_repo_topics': m20261127_1740_repo_topics,
  '20261127_2100_topic_name_collation': m20261127_2100_topic_name_collation,
  '20261128_0100_issue_pins': m20261128_0100_issue_pins,
};
