// What a push prints back (the post-receive hook, git/post-receive-hook.ts): for a branch other than
// the default one, the URL to open a pull request into the base repository (the parent of a fork),
// or the open pull request the branch already has — Gitea's HookPostReceive results.
import type { Deps } from '../context.ts';
import type { RepoRow } from '../db/schema.ts';
import { findRepoById } from '../db/repos.ts';
import { listOpenPullHeads } from '../db/pull-heads.ts';
import { PUSH_MESSAGES_ENV, type PushMessages } from '../git/post-receive-hook.ts';
import { unitEnabled } from './permissions.ts';

const htmlUrl = (rootUrl: string, r: RepoRow) => `${rootUrl}${encodeURIComponent(r.owner_name)}/${encodeURIComponent(r.name)}`;
const segments = (s: string) => s.split('/').map(encodeURIComponent).join('/');

/** The environment the post-receive hook reads; empty when pull requests are off for the base (Gitea prints nothing then). */
export async function preparePushMessages(deps: Deps, repo: RepoRow): Promise<NodeJS.ProcessEnv> {
  const parent = repo.is_fork === 1 && repo.fork_id ? await findRepoById(deps.db, repo.fork_id) : undefined;
  const base = parent ?? repo;
  if (!unitEnabled(base, 'pulls')) return {};
  const rows = await listOpenPullHeads(deps.db, repo.id, base.id, base.default_branch);
  const open: Record<string, string> = {};
  for (const r of rows) open[r.head_branch] ??= `${htmlUrl(deps.config.rootUrl, base)}/pulls/${r.index}`;
  const messages: PushMessages = {
    defaultBranch: base.default_branch,
    repoDefaultBranch: repo.default_branch,
    compareUrl: `${htmlUrl(deps.config.rootUrl, base)}/compare/${segments(base.default_branch)}...`,
    headPrefix: parent ? `${repo.owner_name}:` : '',
    open,
  };
  return { [PUSH_MESSAGES_ENV]: JSON.stringify(messages) };
}
