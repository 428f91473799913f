// Commit statuses (CI results posted against a commit) and their combined state, as Gitea
// (models/git/commit_status.go, services/repository/commitstatus). The scheduled merge and the web
// app's checks read combinedState(); a stored status is announced as a status.created event.
import type { Config } from '../../config.ts';
import type { Deps } from '../../context.ts';
import { nowUnix, unixToIso } from '../../db/index.ts';
import type { Db } from '../../db/types.ts';
import type { CommitStatusRow, UserRow } from '../../db/schema.ts';
import { insertCommitStatus, latestStatuses, listCommitStatuses, maxStatusIndex, type ListStatusOptions } from '../../db/commit-statuses.ts';
import { listUsersByIds } from '../../db/pull-repos.ts';
import { toApiUser } from '../../api/convert.ts';
import type { ApiCommitStatus } from '../../api/pull-schemas.ts';
import { COMMIT_STATES } from '../../api/pull-schemas.ts';
import { notFound } from '../../errors.ts';
import { resolveCommit } from '../../git/repo.ts';
import { lockRow } from '../../db/dialect.ts';
import type { RepoContext } from '../repo-access.ts';
import { emitEvent } from '../events.ts';

export type CommitState = (typeof COMMIT_STATES)[number];
export type CombinedState = 'pending' | 'success' | 'error' | 'failure' | 'warning';

const FULL_SHA = /^[0-9a-f]{40}$/;

/**
 * The combined state of the latest status of each context, as Gitea's CommitStatusStates.Combine
 * (1.24, following GitHub): failure when any is error or failure; success when every one is success
 * or warning; pending otherwise. Null when there is no status.
 */
export function combineStates(states: string[]): CombinedState | null {
  if (states.length === 0) return null;
  let succeeded = 0;
  for (const s of states) {
    if (s === 'error' || s === 'failure') return 'failure';
    if (s === 'success' || s === 'warning') succeeded++;
  }
  return succeeded === states.length ? 'success' : 'pending';
}

/**
 * The combined state of a commit: the latest status of each context combined as Gitea does
 * (see combineStates); null when the commit has no status.
 */
export async function combinedState(db: Db, repoId: number, sha: string): Promise<CombinedState | null> {
  const { rows } = await latestStatuses(db, repoId, sha);
  return combineStates(rows.map((r) => r.state));
}

/** Full SHA for a branch, tag or (abbreviated) SHA; Gitea's MustConvertToSHA1 keeps the input when nothing matches. */
export async function shaOrInput(rc: RepoContext, sha: string): Promise<string> {
  if (FULL_SHA.test(sha)) return sha;
  return (await resolveCommit(rc.dir, sha)) ?? sha;
}

/**
 * The commit a /commits/{ref}/… path names, as Gitea's ResolveRefCommit: a branch, then a tag, then
 * something that looks like a commit id (7 to 40 hex digits); 404 otherwise.
 */
export async function resolveRefCommit(rc: RepoContext, ref: string): Promise<string> {
  const candidates = [`refs/heads/${ref}`, `refs/tags/${ref}`];
  if (/^[0-9a-fA-F]{7,40}$/.test(ref)) candidates.push(ref);
  for (const name of candidates) {
    const sha = await resolveCommit(rc.dir, name);
    if (sha) return sha;
  }
  throw notFound(`object does not exist [id: ${ref}, rel_path: ]`);
}

/** Every status of a commit, with Gitea's sorts and state filter (CommitStatusOptions; an unknown state filters nothing). */
export function listStatuses(db: Db, repoId: number, sha: string, opts: ListStatusOptions) {
  const state = opts.state && (COMMIT_STATES as readonly string[]).includes(opts.state) ? opts.state : undefined;
  return listCommitStatuses(db, repoId, sha, { ...opts, state });
}

/** Rows to API statuses, loading their creators in one query. */
export async function toApiStatuses(db: Db, config: Config, rc: RepoContext, rows: CommitStatusRow[], viewer: UserRow | null): Promise<ApiCommitStatus[]> {
  const ids = [...new Set(rows.map((r) => r.creator_id).filter((id) => id > 0))];
  const users = ids.length ? await listUsersByIds(db, ids) : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  const base = `${config.rootUrl}api/v1/repos/${rc.owner.name}/${rc.repo.name}/statuses/`;
  return rows.map((r) => {
    const creator = byId.get(r.creator_id);
    return {
      // Gitea shows the per-commit index as the id.
      id: r.index,
      status: r.state as CommitState,
      target_url: r.target_url,
      description: r.description,
      url: base + encodeURIComponent(r.sha),
      context: r.context,
      creator: creator ? toApiUser(creator, config, viewer) : null,
      // Gitea reports the creation time for both.
      created_at: unixToIso(r.created_unix),
      updated_at: unixToIso(r.created_unix),
    };
  });
}

export interface CreateStatusInput {
  state: CommitState;
  target_url?: string;
  description?: string;
  context?: string;
}

/**
 * Stores a status on the commit `sha` names (a full or short SHA, or a ref as Gitea's GetCommit
 * accepts), numbered after the commit's previous statuses, then lets scheduled merges react.
 */
export async function createStatus(deps: Deps, rc: RepoContext, doer: UserRow, sha: string, input: CreateStatusInput): Promise<CommitStatusRow> {
  const fullSha = await resolveCommit(rc.dir, sha);
  if (!fullSha) throw notFound(`object does not exist [id: ${sha}, rel_path: ]`);
  const now = nowUnix();
  // One transaction: the next index and the insert cannot interleave with another status (on
  // PostgreSQL, where transactions overlap, through the repository row's lock).
  const row = await deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'repository', rc.repo.id);
    const max = await maxStatusIndex(trx, rc.repo.id, fullSha);
    return insertCommitStatus(trx, {
      index: Number(max ?? 0) + 1,
      repo_id: rc.repo.id,
      state: input.state,
      sha: fullSha,
      target_url: (input.target_url ?? '').trim(),
      description: (input.description ?? '').trim(),
      context: (input.context ?? '').trim() || 'default',
      creator_id: doer.id,
      created_unix: now,
      updated_unix: now,
    });
  });
  // Subscribers: scheduled merges waiting on this commit (auto-merge.ts).
  await emitEvent(deps, { type: 'status.created', actor: doer, repository: { repo: rc.repo, owner: rc.owner }, sha: fullSha, status: row });
  return row;
}
