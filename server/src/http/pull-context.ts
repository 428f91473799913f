// Loads one pull request (its issue row and its pull_request row) for a request, with the same
// access rules as its repository. Every pull request area (pulls, merge, reviews) starts here.
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { getPullByIndex, type PullContext } from '../services/pulls/context.ts';
import { loadIssueRepo } from './issue-context.ts';

/** Loads {owner}/{repo} with `need` (as loadIssueRepo) and then the pull request `index`. */
export async function loadPull(
  c: Context<AppEnv>,
  owner: string,
  repo: string,
  index: number,
  need: 'read' | 'participate' | 'write' | 'admin',
): Promise<PullContext> {
  const rc = await loadIssueRepo(c, owner, repo, need, 'pulls');
  return { rc, ...(await getPullByIndex(c.var.deps.db, rc.repo.id, index)) };
}
