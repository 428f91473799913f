// Repository labels and the labels on an issue. Every label added to or removed from an issue leaves a
// `label` event (content "1" added, "" removed, as Gitea).
import type { Db } from '../db/types.ts';
import type { Deps } from '../context.ts';
import { emitEvent } from './events.ts';
import type { RepoContext } from './repo-access.ts';
import { nowUnix } from '../db/index.ts';
import { lockRow } from '../db/dialect.ts';
import { touchIssue } from '../db/issues.ts';
import {
  deleteIssueLabel,
  deleteLabelRows,
  findLabel,
  insertIssueLabel,
  insertLabel,
  listIssueLabelIds,
  listIssueLabels,
  listRepoLabels,
  listRepoLabelsById,
  updateLabel,
} from '../db/labels.ts';
import type { IssueRow, LabelRow, UserRow } from '../db/schema.ts';
import { notFound, unprocessable } from '../errors.ts';
import { CommentType, insertEvent } from './conversation.ts';

/** Accepts "#rgb", "rgb", "#rrggbb" or "rrggbb"; stores "#rrggbb" (Gitea stores the '#'). */
export function normalizeColor(input: string): string {
  let c = input.trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{3}$/.test(c))
    c = c
      .split('')
      .map((x) => x + x)
      .join('');
  if (!/^[0-9a-f]{6}$/.test(c)) throw unprocessable(`color: invalid color "${input}"`);
  return `#${c}`;
}

export interface LabelInput {
  name?: string;
  color?: string;
  description?: string;
  exclusive?: boolean;
  is_archived?: boolean;
}

export async function listLabels(db: Db, repoId: number, p?: { limit: number; offset: number }) {
  const { n, rows } = await listRepoLabels(db, repoId, p);
  return { total: Number(n), rows };
}

export async function getLabel(db: Db, repoId: number, id: number): Promise<LabelRow> {
  const l = await findLabel(db, repoId, id);
  if (!l) throw notFound('label does not exist');
  return l;
}

export async function createLabel(db: Db, repoId: number, input: LabelInput & { name: string; color: string }): Promise<LabelRow> {
  const name = input.name.trim();
  if (!name) throw unprocessable('name: must not be empty');
  const now = nowUnix();
  return insertLabel(db, {
    repo_id: repoId,
    name,
    color: normalizeColor(input.color),
    description: input.description ?? '',
    exclusive: input.exclusive ? 1 : 0,
    archived_unix: input.is_archived ? now : 0,
    created_unix: now,
    updated_unix: now,
  });
}

export async function editLabel(db: Db, label: LabelRow, input: LabelInput): Promise<LabelRow> {
  const set: Partial<LabelRow> = { updated_unix: nowUnix() };
  if (input.name !== undefined) {
    if (!input.name.trim()) throw unprocessable('name: must not be empty');
    set.name = input.name.trim();
  }
  if (input.color !== undefined) set.color = normalizeColor(input.color);
  if (input.description !== undefined) set.description = input.description;
  if (input.exclusive !== undefined) set.exclusive = input.exclusive ? 1 : 0;
  if (input.is_archived !== undefined) set.archived_unix = input.is_archived ? label.archived_unix || nowUnix() : 0;
  return updateLabel(db, label.id, set);
}

export async function deleteLabel(db: Db, label: LabelRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteLabelRows(trx, label.id);
  });
}

export async function issueLabels(db: Db, issueId: number): Promise<LabelRow[]> {
  return listIssueLabels(db, issueId);
}

/**
 * Resolves label ids or names (Gitea accepts both in these bodies) to labels of the repository;
 * an unknown one is a validation error.
 */
export async function resolveLabels(db: Db, repoId: number, refs: Array<number | string>): Promise<LabelRow[]> {
  // By id: of two labels with one name, the older is the one a name means, on both databases.
  const all = await listRepoLabelsById(db, repoId);
  const out = new Map<number, LabelRow>();
  for (const ref of refs) {
    const asNumber = typeof ref === 'number' ? ref : /^\d+$/.test(ref) ? Number(ref) : NaN;
    const l = all.find((x) => x.id === asNumber) ?? all.find((x) => typeof ref === 'string' && x.name.toLowerCase() === ref.toLowerCase());
    if (!l) throw unprocessable(`labels: label does not exist [${ref}]`);
    out.set(l.id, l);
  }
  return [...out.values()];
}

/** Makes the issue's labels exactly `want`, recording one event per change; says whether anything changed. */
export async function setIssueLabels(db: Db, issue: IssueRow, doer: UserRow, want: number[], mode: 'add' | 'replace' | 'remove'): Promise<boolean> {
  // The current labels are read in the transaction, after the issue row's lock: two requests adding
  // the same label at once both succeed, and the label and its event are added once.
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'issue', issue.id);
    const current = await listIssueLabelIds(trx, issue.id);
    const add = mode === 'remove' ? [] : want.filter((id) => !current.includes(id));
    const remove = mode === 'replace' ? current.filter((id) => !want.includes(id)) : mode === 'remove' ? want.filter((id) => current.includes(id)) : [];
    if (!add.length && !remove.length) return false;
    const now = nowUnix();
    for (const id of remove) {
      await deleteIssueLabel(trx, issue.id, id);
      await insertEvent(trx, { type: CommentType.label, poster_id: doer.id, issue_id: issue.id, label_id: id, content: '', created_unix: now });
    }
    for (const id of add) {
      await insertIssueLabel(trx, issue.id, id);
      await insertEvent(trx, { type: CommentType.label, poster_id: doer.id, issue_id: issue.id, label_id: id, content: '1', created_unix: now });
    }
    await touchIssue(trx, issue.id, now);
    return true;
  });
}

/** setIssueLabels for a request: the `issue.labels-changed` event follows a change. */
export async function changeIssueLabels(
  deps: Deps,
  rc: RepoContext,
  issue: IssueRow,
  doer: UserRow,
  want: number[],
  mode: 'add' | 'replace' | 'remove',
): Promise<void> {
  if (!(await setIssueLabels(deps.db, issue, doer, want, mode))) return;
  const cleared = mode === 'replace' && want.length === 0;
  await emitEvent(deps, { type: 'issue.labels-changed', actor: doer, repository: { repo: rc.repo, owner: rc.owner }, issue, cleared });
}
