// Webhooks as subscribers of the domain events (services/events.ts): each event becomes Gitea's
// hook event type and payload (services/webhook/notifier.go) for the active hooks of its repository
// and of the repository's owner, stored as hook_task rows. Nothing here talks to a receiver: the
// delivery worker (deliver.ts) sends the rows, so a push never waits for one. The payload is built
// only when some hook wants the event, once for all of them.
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../context.ts';
import { repoDir } from '../../context.ts';
import type { IssueRow, PullRequestRow, UserRow, WebhookRow } from '../../db/schema.ts';
import { activeHooksFor, insertHookTasks } from '../../db/webhooks.ts';
import { findPullByIssueId } from '../../db/pulls.ts';
import { findUserById } from '../../db/users.ts';
import { findIssueById } from '../../db/issues.ts';
import { ReviewType } from '../../db/reviews.ts';
import { nowUnix } from '../../db/index.ts';
import { ZERO_SHA } from '../../git/refs.ts';
import type { EventBus, EventRepo } from '../events.ts';
import { type HookEventType, passesBranchFilter } from './events.ts';
import {
  type Payload,
  type RepoSide,
  createPayload,
  deletePayload,
  issueCommentPayload,
  issuePayload,
  pullPayload,
  pushPayload,
  type RefChange,
  releasePayload,
  repoSide,
  statusPayload,
  userJson,
} from './payloads.ts';
import { wakeDeliveries } from './deliver.ts';

export function hookEvents(h: WebhookRow): string[] {
  try {
    const v: unknown = JSON.parse(h.events);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Stores one task per hook; used by the subscribers, the test delivery and redelivery. */
export async function storeTasks(deps: Deps, hooks: WebhookRow[], eventType: string, payload: Payload | string): Promise<void> {
  const content = typeof payload === 'string' ? payload : JSON.stringify(payload, null, 2);
  const now = Date.now();
  await insertHookTasks(
    deps.db,
    hooks.map((h) => ({
      hook_id: h.id,
      uuid: randomUUID(),
      event_type: eventType,
      payload_content: content,
      next_attempt_at: now,
      created_unix: nowUnix(),
    })),
  );
  wakeDeliveries(deps.db);
}

/** The hooks of one event: loaded once, the repository's JSON made only when some hook wants it. */
class EventHooks {
  #side?: Promise<RepoSide>;
  constructor(
    readonly deps: Deps,
    readonly repository: EventRepo,
    readonly hooks: WebhookRow[],
  ) {}
  side(): Promise<RepoSide> {
    return (this.#side ??= repoSide(this.deps, this.repository));
  }
  async send(eventType: HookEventType, build: (rs: RepoSide) => Promise<Payload> | Payload, ref?: string): Promise<void> {
    const wanted = this.hooks.filter((h) => hookEvents(h).includes(eventType) && (ref === undefined || passesBranchFilter(h.branch_filter, ref)));
    if (wanted.length === 0) return;
    await storeTasks(this.deps, wanted, eventType, await build(await this.side()));
  }
}

/** Runs `fn` with the event's hooks when there are any; a failure is logged, never the writer's. */
function withHooks<E extends { repository: EventRepo }>(fn: (h: EventHooks, e: E) => Promise<void>) {
  return async (e: E, deps: Deps) => {
    try {
      const hooks = await activeHooksFor(deps.db, e.repository.repo.id, e.repository.repo.owner_id);
      if (hooks.length > 0) await fn(new EventHooks(deps, e.repository, hooks), e);
    } catch (err) {
      console.error(`webhooks: storing deliveries for repository ${e.repository.repo.id} failed:`, err);
    }
  };
}

const dirOf = (h: EventHooks, rs: RepoSide) => repoDir(h.deps.config, rs.owner.name, rs.repo.name);

async function pullOf(h: EventHooks, issue: IssueRow): Promise<PullRequestRow | undefined> {
  return issue.is_pull === 1 ? findPullByIssueId(h.deps.db, issue.id) : undefined;
}

/** An issue event, or its pull_request counterpart when the issue is a pull request. */
async function issueOrPull(
  h: EventHooks,
  actor: UserRow,
  issue: IssueRow,
  types: [HookEventType, HookEventType],
  action: string,
  extra: { changes?: { title?: { from: string }; body?: { from: string } } } = {},
) {
  const pr = await pullOf(h, issue);
  if (pr) await h.send(types[1], (rs) => pullPayload(h.deps, rs, actor, issue, pr, action, extra));
  else if (issue.is_pull !== 1) await h.send(types[0], (rs) => issuePayload(h.deps, rs, actor, issue, action, extra.changes));
}

export function registerWebhookSubscribers(bus: EventBus): void {
  // As Gitea's pushUpdates: a new branch sends create then push, a deleted one delete alone; a tag
  // (pushed, or made or deleted through the API or a release) sends push then create or delete.
  const refChange = async (h: EventHooks, actor: UserRow, change: RefChange) => {
    const tag = change.ref.startsWith('refs/tags/');
    const push = () => h.send('push', (rs) => pushPayload(h.deps, rs, dirOf(h, rs), actor, change), change.ref);
    if (change.newId === ZERO_SHA) {
      if (tag) await push();
      await h.send('delete', (rs) => deletePayload(h.deps, rs, actor, change.ref), change.ref);
      return;
    }
    const create = () => h.send('create', (rs) => createPayload(h.deps, rs, actor, change.ref, change.newId), change.ref);
    if (tag) {
      await push();
      await create();
      return;
    }
    if (change.oldId === ZERO_SHA) await create();
    await push();
  };
  bus.on(
    'push',
    withHooks(async (h, e) => {
      for (const change of e.changes) await refChange(h, e.actor, change);
    }),
  );
  bus.on(
    'ref.created',
    withHooks((h, e) => refChange(h, e.actor, { ref: e.ref, oldId: ZERO_SHA, newId: e.sha })),
  );
  bus.on(
    'ref.deleted',
    withHooks((h, e) => refChange(h, e.actor, { ref: e.ref, oldId: e.sha, newId: ZERO_SHA })),
  );
  bus.on(
    'issue.opened',
    withHooks(async (h, e) => {
      if (e.issue.is_pull !== 1) await h.send('issues', (rs) => issuePayload(h.deps, rs, e.actor, e.issue, 'opened'));
    }),
  );
  bus.on(
    'pull.opened',
    withHooks((h, e) => h.send('pull_request', (rs) => pullPayload(h.deps, rs, e.actor, e.issue, e.pr, 'opened'))),
  );
  bus.on(
    'issue.closed',
    withHooks((h, e) => issueOrPull(h, e.actor, e.issue, ['issues', 'pull_request'], 'closed')),
  );
  bus.on(
    'issue.reopened',
    withHooks((h, e) => issueOrPull(h, e.actor, e.issue, ['issues', 'pull_request'], 'reopened')),
  );
  // A merge closes the pull request without issue.closed: Gitea's "closed" with pull_request.merged.
  bus.on(
    'pull.merged',
    withHooks(async (h, e) => {
      // As it is now (merged, closed), not as the writer last held it.
      const pr = (await findPullByIssueId(h.deps.db, e.issue.id)) ?? e.pr;
      const issue = (await findIssueById(h.deps.db, e.issue.id)) ?? e.issue;
      await h.send('pull_request', (rs) => pullPayload(h.deps, rs, e.actor, issue, pr, 'closed'));
    }),
  );
  bus.on(
    'issue.edited',
    withHooks((h, e) => issueOrPull(h, e.actor, e.issue, ['issues', 'pull_request'], 'edited', { changes: e.changes })),
  );
  bus.on(
    'issue.labels-changed',
    withHooks((h, e) => issueOrPull(h, e.actor, e.issue, ['issue_label', 'pull_request_label'], e.cleared ? 'label_cleared' : 'label_updated')),
  );
  bus.on(
    'issue.assignees-changed',
    withHooks(async (h, e) => {
      for (const _ of e.added) await issueOrPull(h, e.actor, e.issue, ['issue_assign', 'pull_request_assign'], 'assigned');
      for (const _ of e.removed) await issueOrPull(h, e.actor, e.issue, ['issue_assign', 'pull_request_assign'], 'unassigned');
    }),
  );
  bus.on(
    'issue.milestone-changed',
    withHooks((h, e) =>
      issueOrPull(h, e.actor, e.issue, ['issue_milestone', 'pull_request_milestone'], e.issue.milestone_id > 0 ? 'milestoned' : 'demilestoned'),
    ),
  );
  const commentType = (issue: IssueRow): HookEventType => (issue.is_pull === 1 ? 'pull_request_comment' : 'issue_comment');
  bus.on(
    'issue.commented',
    withHooks((h, e) => h.send(commentType(e.issue), (rs) => issueCommentPayload(h.deps, rs, e.actor, e.issue, e.comment, 'created'))),
  );
  bus.on(
    'comment.edited',
    withHooks((h, e) => h.send(commentType(e.issue), (rs) => issueCommentPayload(h.deps, rs, e.actor, e.issue, e.comment, 'edited', e.previousBody))),
  );
  bus.on(
    'comment.deleted',
    withHooks((h, e) => h.send(commentType(e.issue), (rs) => issueCommentPayload(h.deps, rs, e.actor, e.issue, e.comment, 'deleted'))),
  );
  bus.on(
    'pull.head-changed',
    withHooks(async (h, e) => {
      const pr = await findPullByIssueId(h.deps.db, e.issue.id);
      if (pr) await h.send('pull_request_sync', (rs) => pullPayload(h.deps, rs, e.actor, e.issue, pr, 'synchronized'));
    }),
  );
  bus.on(
    'review.submitted',
    withHooks(async (h, e) => {
      const type: HookEventType | null =
        e.review.type === ReviewType.approve
          ? 'pull_request_review_approved'
          : e.review.type === ReviewType.reject
            ? 'pull_request_review_rejected'
            : e.review.type === ReviewType.comment
              ? 'pull_request_review_comment'
              : null;
      if (!type) return;
      await h.send(type, (rs) => pullPayload(h.deps, rs, e.actor, e.issue, e.pr, 'reviewed', { review: { type, content: e.review.content } }));
    }),
  );
  bus.on(
    'review.requested',
    withHooks(async (h, e) => {
      for (const id of e.reviewers) {
        const reviewer = await findUserById(h.deps.db, id);
        if (!reviewer) continue;
        await h.send('pull_request_review_request', (rs) =>
          pullPayload(h.deps, rs, e.actor, e.issue, e.pr, e.removed ? 'review_request_removed' : 'review_requested', {
            requested_reviewer: userJson(h.deps, reviewer),
          }),
        );
      }
    }),
  );
  bus.on(
    'status.created',
    withHooks((h, e) => h.send('status', (rs) => statusPayload(h.deps, rs, dirOf(h, rs), e.actor, e.sha, e.status))),
  );
  // Releases (the releases area emits these with the API's Release JSON).
  const releaseAction = { 'release.published': 'published', 'release.updated': 'updated', 'release.deleted': 'deleted' } as const;
  for (const type of ['release.published', 'release.updated', 'release.deleted'] as const) {
    bus.on(
      type,
      withHooks((h, e) => h.send('release', (rs) => releasePayload(h.deps, rs, e.actor, releaseAction[e.type], e.release))),
    );
  }
}
