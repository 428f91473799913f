// What of the database the kept list answers read (api/answer-memo.ts, db/write-scopes.ts), so
// that a write elsewhere leaves them valid (issue #22): the issue list of one repository does
// not change when an issue is opened in another. Only tables whose rows belong to exactly one
// repository by a column the list filters on are scoped; every table not named here (users,
// labels, milestones, teams, collaborators, …) counts whole, so a change anywhere in it is a
// change to the list. `ignored` tables are ones the list never reads.
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Dependencies } from '../db/write-scopes.ts';
import { findRepoWithOwner } from '../services/repo-access.ts';

/** Tables the issue, pull request and commit lists never read: logs, inboxes, subscriptions, comments. */
const NEVER_READ_BY_LISTS = ['action', 'notification', 'issue_watch', 'comment', 'reaction', 'hook_task', 'web_session', 'login_failure'];

type ListKind = 'issues' | 'pulls' | 'commits';

/** The reads of `/repos/{owner}/{repo}/{kind}` (null when the repository cannot be found: kept as before). */
export function repoListReads(kind: ListKind) {
  return async (c: Context<AppEnv>): Promise<Dependencies | null> => {
    const owner = c.req.param('owner');
    const repo = c.req.param('repo');
    if (!owner || !repo) return null;
    const found = await findRepoWithOwner(c.var.deps.db, owner, repo);
    if (!found) return null;
    const id = found.repo.id;
    const scoped: Dependencies['scoped'] = [
      ['repository', { repo: id }],
      ['issue_index', { repo: id }],
    ];
    if (kind === 'commits')
      return { scoped, ignored: [...NEVER_READ_BY_LISTS, 'issue', 'issue_label', 'issue_assignees', 'issue_user', 'pull_request', 'review'] };
    return { scoped: [...scoped, ['issue', { repo: id }]], ignored: NEVER_READ_BY_LISTS };
  };
}
