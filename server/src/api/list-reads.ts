// What of the database the kept list answers read (api/answer-memo.ts, db/write-scopes.ts), so
// that a write elsewhere leaves them valid (issue #22): the issue list of one repository does
// not change when an issue is opened in another. Only tables whose rows belong to exactly one
// repository by a column the list filters on are scoped; every table not named here (users,
// labels, milestones, teams, collaborators, …) counts whole, so a change anywhere in it is a
// change to the list. `ignored` tables are ones the list never reads.
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { requestTicket } from '../db/index.ts';
import { allNotificationRepoIds } from '../db/notifications.ts';
import { countsTable, type Dependencies } from '../db/write-scopes.ts';
import { findRepoWithOwner } from '../services/repo-access.ts';

/** Tables the issue, pull request and commit lists never read: logs, inboxes, subscriptions, comments. */
const NEVER_READ_BY_LISTS = ['action', 'notification', 'issue_watch', 'comment', 'reaction', 'hook_task', 'web_session', 'login_failure'];

const REPO_COUNTS = countsTable('repository');
/** Tables of a repository's conversations, which neither repository search nor the commit lists read. */
const CONVERSATIONS = ['issue', 'issue_index', 'issue_label', 'issue_assignees', 'issue_user', 'pull_request', 'review'];

type ListKind = 'issues' | 'pulls' | 'commits';

/** The reads of `/repos/{owner}/{repo}/{kind}` (null when the repository cannot be found: kept as before). */
export function repoListReads(kind: ListKind) {
  return async (c: Context<AppEnv>): Promise<Dependencies | null> => {
    const owner = c.req.param('owner');
    const repo = c.req.param('repo');
    if (!owner || !repo) return null;
    const found = await findRepoWithOwner(c.var.deps.db, owner, repo, requestTicket(c.req.raw));
    if (!found) return null;
    const id = found.repo.id;
    const scoped: Dependencies['scoped'] = [
      ['repository', { repo: id }],
      [REPO_COUNTS, { repo: id }],
      ['issue_index', { repo: id }],
    ];
    if (kind === 'commits') return { scoped, ignored: [...NEVER_READ_BY_LISTS, ...CONVERSATIONS] };
    return { scoped: [...scoped, ['issue', { repo: id }]], ignored: NEVER_READ_BY_LISTS };
  };
}

/**
 * Repository search reads repositories, their owners and who may read them, all of it (a rename,
 * a new repository or a visibility change moves any page), but the issue and pull request counts
 * only of the repositories a page shows (and their parents): those are the writes of every issue
 * opened anywhere. The answer is kept per user (answer-memo.ts), so one never sees another's.
 */
export const searchReads = async (): Promise<Dependencies> => ({ scoped: [], ignored: [...NEVER_READ_BY_LISTS, ...CONVERSATIONS] });

export async function searchShows(_c: Context<AppEnv>, body: string): Promise<Dependencies> {
  const { data } = JSON.parse(body) as { data: { id: number; parent?: { id: number } | null }[] };
  const ids = new Set(data.flatMap((r) => (r.parent ? [r.id, r.parent.id] : [r.id])));
  return { scoped: [...ids].map((id): Dependencies['scoped'][number] => [REPO_COUNTS, { repo: id }]), ignored: (await searchReads()).ignored };
}

/** Tables a user's notification threads never read. */
const NEVER_READ_BY_INBOX = [
  'action',
  'issue_index',
  'issue_label',
  'issue_assignees',
  'issue_watch',
  'reaction',
  'review',
  'hook_task',
  'web_session',
  'login_failure',
];

/**
 * GET /notifications: the user's threads, and the issues and repository counts of the
 * repositories they have threads in (which threads exist, and so the page and the total, depends
 * on all of them); every other table whole. Those repositories change only with a write to the
 * user's threads (one before the version is taken leaves the answer unkept: answer-memo.ts).
 */
export async function inboxReads(c: Context<AppEnv>): Promise<Dependencies | null> {
  const user = c.var.user;
  if (!user) return null;
  const repos = await allNotificationRepoIds(c.var.deps.db, user.id);
  return {
    scoped: [
      ['notification', { user: user.id }],
      ...repos.flatMap((repo): Dependencies['scoped'] => [
        ['issue', { repo }],
        [REPO_COUNTS, { repo }],
      ]),
    ],
    ignored: NEVER_READ_BY_INBOX,
  };
}
