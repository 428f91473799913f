// Domain events (issue #18): a write says what happened, once, after its transaction, and the
// consequences (scheduled merges, stale approvals, pull request refresh; later notifications,
// webhooks and live pages) subscribe to it instead of being imported and called by the writer.
// Each event carries the actor, the repository (its row, and its owner where the writer has it)
// and the subject, so a subscriber needs no second query to know what happened.
//
// One bus per app instance (createApp puts it on Deps; tests run several apps in one process).
// emit() awaits the handlers one after the other in registration order, inside whatever locks the
// writer holds (a merge's repository lock): what a push sets off finishes before the push returns.
import type { Deps } from '../context.ts';
import type { CommentRow, CommitStatusRow, IssueRow, PullRequestRow, RepoRow, ReviewRow, UserRow } from '../db/schema.ts';
import type { RefChange } from '../git/pull-refs.ts';

/** The repository an event happened in: its row, and its owner when the writer had it at hand. */
export interface EventRepo {
  repo: RepoRow;
  owner?: UserRow;
}

interface Base {
  /** Who did it. */
  actor: UserRow;
  repository: EventRepo;
}

/** Refs moved in a repository (git push, a merge, an update, merge-upstream, the demo seed). */
export interface PushEvent extends Base {
  type: 'push';
  changes: RefChange[];
}

/** The head of an open pull request moved (it was pushed to, updated, or force-pushed). */
export interface PullHeadChangedEvent extends Base {
  type: 'pull.head-changed';
  issue: IssueRow;
  oldHead: string;
  newHead: string;
}

/** A review was submitted (not a pending one): approve, request changes or comment. */
export interface ReviewSubmittedEvent extends Base {
  type: 'review.submitted';
  issue: IssueRow;
  pr: PullRequestRow;
  review: ReviewRow;
}

/** A commit status was stored. */
export interface CommitStatusCreatedEvent extends Base {
  type: 'status.created';
  sha: string;
  status: CommitStatusRow;
}

/** A pull request was closed without merging. */
export interface PullClosedEvent extends Base {
  type: 'pull.closed';
  issue: IssueRow;
  pr: PullRequestRow;
}

/** A pull request was merged (by the API, a scheduled merge, or marked as merged by hand). */
export interface PullMergedEvent extends Base {
  type: 'pull.merged';
  issue: IssueRow;
  pr: PullRequestRow;
  commit: string;
}

/** An issue was opened. */
export interface IssueOpenedEvent extends Base {
  type: 'issue.opened';
  issue: IssueRow;
}

/** A comment was written on an issue or pull request. */
export interface IssueCommentedEvent extends Base {
  type: 'issue.commented';
  issue: IssueRow;
  comment: CommentRow;
}

/** An issue or pull request was closed (a pull request closed unmerged also emits pull.closed). */
export interface IssueClosedEvent extends Base {
  type: 'issue.closed';
  issue: IssueRow;
}

/** A closed issue or pull request was opened again. */
export interface IssueReopenedEvent extends Base {
  type: 'issue.reopened';
  issue: IssueRow;
}

/** A pull request was opened (its issue row, pull row; labels, assignees and reviewers it starts with are set). */
export interface PullOpenedEvent extends Base {
  type: 'pull.opened';
  issue: IssueRow;
  pr: PullRequestRow;
}

/** An issue's or pull request's title or description changed; `changes` holds the values before. */
export interface IssueEditedEvent extends Base {
  type: 'issue.edited';
  issue: IssueRow;
  changes: { title?: { from: string }; body?: { from: string } };
}

/** An issue's labels changed (added, removed, replaced or cleared). */
export interface IssueLabelsChangedEvent extends Base {
  type: 'issue.labels-changed';
  issue: IssueRow;
  /** True when the change removed every label. */
  cleared: boolean;
}

/** Users were assigned to or unassigned from an issue or pull request (user ids). */
export interface IssueAssigneesChangedEvent extends Base {
  type: 'issue.assignees-changed';
  issue: IssueRow;
  added: number[];
  removed: number[];
}

/** An issue's milestone changed (0: none). */
export interface IssueMilestoneChangedEvent extends Base {
  type: 'issue.milestone-changed';
  issue: IssueRow;
  previousMilestoneId: number;
}

/** A comment's text was edited; `previousBody` is what it said before. */
export interface CommentEditedEvent extends Base {
  type: 'comment.edited';
  issue: IssueRow;
  comment: CommentRow;
  previousBody: string;
}

/** A comment was deleted (the row as it was). */
export interface CommentDeletedEvent extends Base {
  type: 'comment.deleted';
  issue: IssueRow;
  comment: CommentRow;
}

/** Reviews were requested from users/teams, or such requests were withdrawn (`removed`). */
export interface ReviewRequestedEvent extends Base {
  type: 'review.requested';
  issue: IssueRow;
  pr: PullRequestRow;
  /** User ids asked (or no longer asked). */
  reviewers: number[];
  /** Team ids asked (or no longer asked). */
  teams: number[];
  removed: boolean;
}

/**
 * A branch or tag was created or deleted through the API (not by a git push, which is a `push`
 * event whose change has a zero old or new id). `ref` is the full name (refs/heads/…, refs/tags/…).
 */
export interface RefCreatedEvent extends Base {
  type: 'ref.created';
  ref: string;
  sha: string;
}

export interface RefDeletedEvent extends Base {
  type: 'ref.deleted';
  ref: string;
  sha: string;
}

/** Notifications of these users changed (new, read, pinned): their bell and inbox are stale. */
export interface NotificationsChangedEvent extends Base {
  type: 'notifications.changed';
  users: number[];
}

/** A release was published, updated or deleted; `release` is the releases API's JSON of it (Gitea's Release). */
export interface ReleaseEvent extends Base {
  type: 'release.published' | 'release.updated' | 'release.deleted';
  release: Record<string, unknown>;
}

export type DomainEvent =
  | PushEvent
  | PullHeadChangedEvent
  | ReviewSubmittedEvent
  | CommitStatusCreatedEvent
  | PullClosedEvent
  | PullMergedEvent
  | IssueOpenedEvent
  | IssueCommentedEvent
  | IssueClosedEvent
  | IssueReopenedEvent
  | PullOpenedEvent
  | IssueEditedEvent
  | IssueLabelsChangedEvent
  | IssueAssigneesChangedEvent
  | IssueMilestoneChangedEvent
  | CommentEditedEvent
  | CommentDeletedEvent
  | ReviewRequestedEvent
  | RefCreatedEvent
  | RefDeletedEvent
  | NotificationsChangedEvent
  | ReleaseEvent;

export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** A subscriber: the event, and the dependencies of the write that emitted it (its database). */
export type EventHandler<T extends EventType> = (event: EventOf<T>, deps: Deps) => Promise<void> | void;

export class EventBus {
  readonly #handlers = new Map<EventType, EventHandler<never>[]>();

  /** Subscribes to one type of event; handlers run in the order they were registered. */
  on<T extends EventType>(type: T, handler: EventHandler<T>): void {
    const list = this.#handlers.get(type) ?? [];
    list.push(handler as unknown as EventHandler<never>);
    this.#handlers.set(type, list);
  }

  /** Runs every handler of the event's type, one after the other; a handler's failure is the emitter's. */
  async emit<T extends EventType>(event: EventOf<T>, deps: Deps): Promise<void> {
    for (const handler of this.#handlers.get(event.type) ?? []) await (handler as unknown as EventHandler<T>)(event, deps);
  }
}

/** Emits on the app's bus; dependencies made outside an app (no bus) have no subscribers. */
export async function emitEvent<T extends EventType>(deps: Deps, event: EventOf<T>): Promise<void> {
  if (deps.events) await deps.events.emit(event, deps);
}
