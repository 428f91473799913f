// Webhook payloads in Gitea's shapes (modules/structs/hook.go, services/webhook/notifier.go), built
// with the API's own converters, so a receiver sees the repository, user, issue, pull request and
// comment JSON the API returns. Payloads are made as the event happens (what a receiver gets is
// what was true then, as Gitea's hook_task.payload_content) and as the repository's owner sees it.
import type { Deps } from '../../context.ts';
import type { CommentRow, IssueRow, PullRequestRow, RepoRow, UserRow } from '../../db/schema.ts';
import { findUserById } from '../../db/users.ts';
import { findIndividualByEmail } from '../../db/users.ts';
import { Access } from '../../db/permissions.ts';
import { toApiRepo, toApiUser } from '../../api/convert.ts';
import { logCommits, type LogCommit } from '../../git/log.ts';
import { ZERO_SHA } from '../../git/refs.ts';
import { toApiComments, toApiIssue } from '../issues-convert.ts';
import { toApiPull } from '../pulls-convert.ts';
import { repoContextFor } from '../repo-access.ts';
import type { EventRepo } from '../events.ts';

/** Gitea's FeedMaxCommitNum: a push payload lists at most this many commits (total_commits counts all). */
const MAX_PUSH_COMMITS = 5;

export type Payload = Record<string, unknown>;

export interface RepoSide {
  repo: RepoRow;
  owner: UserRow;
  /** Repository JSON as its owner sees it (Gitea: AccessModeOwner). */
  json: Payload;
}

export async function repoSide(deps: Deps, r: EventRepo): Promise<RepoSide> {
  const owner = r.owner ?? (await findUserById(deps.db, r.repo.owner_id));
  if (!owner) throw new Error(`repository ${r.repo.id} has no owner`);
  return { repo: r.repo, owner, json: toApiRepo(r.repo, owner, Access.owner, deps.config, owner) as unknown as Payload };
}

export const userJson = (deps: Deps, u: UserRow): Payload => toApiUser(u, deps.config) as unknown as Payload;

const htmlUrl = (deps: Deps, rs: RepoSide) => `${deps.config.rootUrl}${rs.owner.name}/${rs.repo.name}`;

/** Gitea's PayloadCommit: author/committer with the forge user name of their e-mail, file lists. */
async function payloadCommit(deps: Deps, rs: RepoSide, c: LogCommit, names: Map<string, string>): Promise<Payload> {
  const person = async (name: string, email: string) => {
    const key = email.toLowerCase();
    if (!names.has(key)) names.set(key, (await findIndividualByEmail(deps.db, key))?.name ?? '');
    return { name, email, username: names.get(key) ?? '' };
  };
  const files = c.files ?? [];
  return {
    id: c.sha,
    message: c.message,
    url: `${htmlUrl(deps, rs)}/commit/${c.sha}`,
    author: await person(c.author.name, c.author.email),
    committer: await person(c.committer.name, c.committer.email),
    verification: { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' },
    timestamp: c.committer.date,
    added: files.filter((f) => f.status === 'added').map((f) => f.filename),
    removed: files.filter((f) => f.status === 'removed').map((f) => f.filename),
    modified: files.filter((f) => f.status === 'modified').map((f) => f.filename),
  };
}

/** Gitea's FeedMaxCommitNum-style cap on a new branch's history walk (CommitsBeforeLimit(10)). */
const NEW_BRANCH_COMMITS = 10;

export interface RefChange {
  ref: string;
  oldId: string;
  newId: string;
}

/** A PushPayload from its parts; `commits` newest first, as Gitea lists them. */
async function buildPush(
  deps: Deps,
  rs: RepoSide,
  actor: UserRow,
  p: { ref: string; before: string; after: string; compare: string; commits: LogCommit[]; total: number; head: LogCommit | undefined },
): Promise<Payload> {
  const names = new Map<string, string>();
  const commits = [];
  for (const c of p.commits.slice(0, MAX_PUSH_COMMITS)) commits.push(await payloadCommit(deps, rs, c, names));
  const user = userJson(deps, actor);
  return {
    ref: p.ref,
    before: p.before,
    after: p.after,
    // Gitea: setting.AppURL + the repository's compare path, or AppURL alone when there is none.
    compare_url: `${deps.config.rootUrl}${p.compare ? `${rs.owner.name}/${rs.repo.name}/compare/${p.compare}` : ''}`,
    commits,
    total_commits: p.total,
    head_commit: p.head ? await payloadCommit(deps, rs, p.head, names) : null,
    repository: rs.json,
    pusher: user,
    sender: user,
  };
}

const log = (dir: string, revs: string[], max: number) => logCommits(dir, { revs, max, files: true }).catch(() => [] as LogCommit[]);

/**
 * The PushPayload of one ref change, as Gitea's pushUpdates (services/repository/push.go) makes it:
 * a tag (new, moved or deleted) lists no commits; a new branch its head's last ten commits (compare
 * from the parent of the oldest, else from the default branch); an updated branch every new commit.
 * At most five are listed, newest first; total_commits counts them all.
 */
export async function pushPayload(deps: Deps, rs: RepoSide, dir: string, actor: UserRow, change: RefChange): Promise<Payload> {
  const { ref, oldId, newId } = change;
  if (ref.startsWith('refs/tags/')) {
    if (newId === ZERO_SHA) return buildPush(deps, rs, actor, { ref, before: oldId, after: ZERO_SHA, compare: '', commits: [], total: 0, head: undefined });
    const [head] = await log(dir, [newId], 1);
    return buildPush(deps, rs, actor, { ref, before: ZERO_SHA, after: newId, compare: `${ZERO_SHA}...${newId}`, commits: [], total: 0, head });
  }
  if (oldId === ZERO_SHA) {
    const all = await log(dir, [newId], NEW_BRANCH_COMMITS);
    const parent = all.at(-1)?.parents[0];
    const from = parent ?? (shortRef(ref) !== rs.repo.default_branch ? rs.repo.default_branch : '');
    return buildPush(deps, rs, actor, {
      ref,
      before: oldId,
      after: newId,
      compare: from ? `${from}...${newId}` : '',
      commits: all,
      total: all.length,
      head: all[0],
    });
  }
  const all = await log(dir, [newId, `^${oldId}`], 1000);
  const head = all[0] ?? (await log(dir, [newId], 1))[0];
  return buildPush(deps, rs, actor, { ref, before: oldId, after: newId, compare: `${oldId}...${newId}`, commits: all, total: all.length, head });
}

/** Gitea's TestHook payload: the commit alone, before = after = it. */
export async function testPushPayload(deps: Deps, rs: RepoSide, dir: string, actor: UserRow, ref: string, sha: string): Promise<Payload> {
  const commits = await log(dir, [sha], 1);
  return buildPush(deps, rs, actor, { ref, before: sha, after: sha, compare: `${sha}...${sha}`, commits, total: 1, head: commits[0] });
}

const refType = (ref: string) => (ref.startsWith('refs/tags/') ? 'tag' : 'branch');
const shortRef = (ref: string) => ref.replace(/^refs\/(heads|tags)\//, '');

export function createPayload(deps: Deps, rs: RepoSide, actor: UserRow, ref: string, sha: string): Payload {
  return { sha, ref: shortRef(ref), ref_type: refType(ref), repository: rs.json, sender: userJson(deps, actor) };
}

export function deletePayload(deps: Deps, rs: RepoSide, actor: UserRow, ref: string): Payload {
  return { ref: shortRef(ref), ref_type: refType(ref), pusher_type: 'user', repository: rs.json, sender: userJson(deps, actor) };
}

type Changes = { title?: { from: string }; body?: { from: string } } | undefined;

/** An IssuePayload (issues that are not pull requests). */
export async function issuePayload(deps: Deps, rs: RepoSide, actor: UserRow, issue: IssueRow, action: string, changes?: Changes): Promise<Payload> {
  const json = await toApiIssue(deps.db, deps.config, issue, { repo: rs.repo, owner: rs.owner }, rs.owner);
  return {
    action,
    number: issue.index,
    ...(changes && Object.keys(changes).length ? { changes } : {}),
    issue: json,
    repository: rs.json,
    sender: userJson(deps, actor),
    commit_id: '',
  };
}

/** A PullRequestPayload; `extra` adds requested_reviewer or review. */
export async function pullPayload(
  deps: Deps,
  rs: RepoSide,
  actor: UserRow,
  issue: IssueRow,
  pr: PullRequestRow,
  action: string,
  extra: { changes?: Changes; requested_reviewer?: Payload | null; review?: { type: string; content: string } | null } = {},
): Promise<Payload> {
  const rc = await repoContextFor(deps, rs.owner, rs.repo, rs.owner);
  const json = await toApiPull(deps.db, deps.config, rc, { issue, pr }, rs.owner);
  return {
    action,
    number: issue.index,
    ...(extra.changes && Object.keys(extra.changes).length ? { changes: extra.changes } : {}),
    pull_request: json,
    requested_reviewer: extra.requested_reviewer ?? null,
    repository: rs.json,
    sender: userJson(deps, actor),
    commit_id: '',
    review: extra.review ?? null,
  };
}

/** An IssueCommentPayload (comments on issues and pull requests alike; is_pull tells). */
export async function issueCommentPayload(
  deps: Deps,
  rs: RepoSide,
  actor: UserRow,
  issue: IssueRow,
  comment: CommentRow,
  action: 'created' | 'edited' | 'deleted',
  previousBody?: string,
): Promise<Payload> {
  const ref = { repo: rs.repo, owner: rs.owner };
  const issueJson = await toApiIssue(deps.db, deps.config, issue, ref, rs.owner);
  const [commentJson] = await toApiComments(deps.db, deps.config, [comment], new Map([[issue.id, issue]]), new Map([[rs.repo.id, ref]]), rs.owner);
  return {
    action,
    issue: issueJson,
    comment: commentJson,
    ...(action === 'edited' && previousBody !== undefined ? { changes: { body: { from: previousBody } } } : {}),
    repository: rs.json,
    sender: userJson(deps, actor),
    is_pull: issue.is_pull === 1,
  };
}

/** Gitea's CommitStatusPayload. */
export async function statusPayload(
  deps: Deps,
  rs: RepoSide,
  dir: string,
  actor: UserRow,
  sha: string,
  status: { index: number; state: string; context: string; description: string; target_url: string; created_unix: number },
): Promise<Payload> {
  const [c] = await logCommits(dir, { revs: [sha], max: 1, files: true }).catch(() => [] as LogCommit[]);
  const at = new Date(status.created_unix * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    commit: c ? await payloadCommit(deps, rs, c, new Map()) : null,
    context: status.context,
    created_at: at,
    description: status.description,
    id: status.index,
    repository: rs.json,
    sender: userJson(deps, actor),
    sha,
    state: status.state,
    target_url: status.target_url,
    updated_at: at,
  };
}

/** Gitea's ReleasePayload; the release JSON is the releases API's own (the event carries it). */
export function releasePayload(
  deps: Deps,
  rs: RepoSide,
  actor: UserRow,
  action: 'published' | 'updated' | 'deleted',
  release: Record<string, unknown>,
): Payload {
  return { action, release, repository: rs.json, sender: userJson(deps, actor) };
}
