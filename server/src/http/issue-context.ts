// Loads the repository for an issue or pull request operation: the request-context half of the
// conversation layer (services/conversation.ts holds the rules).
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { forbidden, locked, unauthorized } from '../errors.ts';
import { loadRepo, type RepoContext } from './repo-context.ts';

/**
 * Loads the repository for an issue operation on `unit` (issues, pulls, or 'any' of the two when
 * the issue is not known yet, as Gitea's reqRepoWriter(TypeIssues, TypePullRequests) for labels
 * and milestones). 'participate' is what opening an issue or commenting needs: signed in, able to
 * read the unit, and the repository not archived (Gitea lets any reader do it).
 */
export async function loadIssueRepo(
  c: Context<AppEnv>,
  owner: string,
  repo: string,
  need: 'read' | 'participate' | 'write' | 'admin',
  unit: 'issues' | 'pulls' | 'any' = 'any',
): Promise<RepoContext> {
  if (need === 'admin') return loadRepo(c, owner, repo, 'admin');
  if (need === 'write' && unit !== 'any') return loadRepo(c, owner, repo, `write:${unit}`);
  if (need !== 'read' && !c.var.user) throw unauthorized();
  const rc = await loadRepo(c, owner, repo, unit === 'any' ? 'read' : `read:${unit}`);
  if (need === 'participate' && !rc.perm.canParticipate(unit === 'any' ? undefined : unit)) throw forbidden();
  if (need === 'write' && !rc.perm.canWrite('issues') && !rc.perm.canWrite('pulls')) throw forbidden();
  if (need !== 'read' && rc.repo.is_archived === 1) throw locked();
  return rc;
}
