// Closing keywords (`fixes #1`, `Closes: owner/repo#2`) in a merged pull request's title and body, as
// Gitea's references module finds them, and closing (or reopening) the issues they name.
import type { Deps } from '../../context.ts';
import type { IssueRow, UserRow } from '../../db/schema.ts';
import { findUserByName } from '../../db/users.ts';
import { findIssueByIndex } from '../../db/pulls.ts';
import { findRepoByOwnerAndName } from '../../db/pull-repos.ts';
import { type RepoContext, repoContextFor } from '../repo-access.ts';
import { changeState } from '../conversation.ts';
import { stripCode } from '../mentions.ts';

// After the merge: closing keywords and the head branch

const CLOSE_WORDS = 'close|closes|closed|fix|fixes|fixed|resolve|resolves|resolved';
const REOPEN_WORDS = 'reopen|reopens|reopened';
const CLOSE_BEFORE = new RegExp(`(?:\\s|^|\\(|\\[)(?:${CLOSE_WORDS}):? $`, 'i');
const REOPEN_BEFORE = new RegExp(`(?:\\s|^|\\(|\\[)(?:${REOPEN_WORDS}):? $`, 'i');
// Gitea's issueNumericPattern and crossReferenceIssueNumericPattern (modules/references).
const END = String.raw`(?=$|[\s)\]'"]|[:;,.?!](?:\s|$))`;
const LOCAL_REF = new RegExp(String.raw`(?<=^|[\s(\['"])[#!](\d+)${END}`, 'g');
const CROSS_REF = new RegExp(String.raw`(?<=^|[\s(\[])([0-9a-zA-Z_.-]+)/([0-9a-zA-Z_.-]+)[#!](\d+)${END}`, 'g');

export interface ClosingReference {
  owner?: string;
  repo?: string;
  index: number;
  action: 'close' | 'reopen';
}

/**
 * References with a closing (`fixes #1`, `Closes: owner/repo#2`) or reopening keyword right before
 * them, outside code, as Gitea's references module finds them; the last one per issue wins.
 */
export function findClosingReferences(...texts: string[]): ClosingReference[] {
  const found = new Map<string, ClosingReference>();
  for (const text of texts) {
    const plain = stripCode(text);
    const hits: { at: number; ref: Omit<ClosingReference, 'action'> }[] = [];
    for (const m of plain.matchAll(LOCAL_REF)) hits.push({ at: m.index!, ref: { index: Number(m[1]) } });
    for (const m of plain.matchAll(CROSS_REF)) hits.push({ at: m.index!, ref: { owner: m[1]!.toLowerCase(), repo: m[2]!.toLowerCase(), index: Number(m[3]) } });
    hits.sort((a, b) => a.at - b.at);
    for (const { at, ref } of hits) {
      const before = plain.slice(0, at);
      const action = CLOSE_BEFORE.test(before) ? 'close' : REOPEN_BEFORE.test(before) ? 'reopen' : null;
      if (!action || ref.index <= 0) continue;
      const key = `${ref.owner ?? ''}/${ref.repo ?? ''}#${ref.index}`;
      found.delete(key);
      found.set(key, { ...ref, action });
    }
  }
  return [...found.values()];
}

/** Closes (or reopens) the issues the pull request's title and body point at with keywords. */
export async function closeReferencedIssues(deps: Deps, rc: RepoContext, pull: IssueRow, doer: UserRow) {
  const { db } = deps;
  for (const ref of findClosingReferences(pull.name, pull.content)) {
    let target: RepoContext;
    if (ref.owner && ref.repo) {
      const owner = await findUserByName(db, ref.owner);
      const repo = owner && (await findRepoByOwnerAndName(db, owner.id, ref.repo));
      if (!owner || !repo) continue;
      target = await repoContextFor(deps, doer, repo, owner);
    } else target = await repoContextFor(deps, doer, rc.repo, rc.owner);
    // Only issues the merger may close themselves (Gitea neuters the keyword otherwise).
    if (!target.perm.canWrite('issues') || target.repo.is_archived === 1) continue;
    const issue = await findIssueByIndex(db, target.repo.id, ref.index);
    if (!issue || issue.is_pull === 1 || issue.id === pull.id) continue;
    const close = ref.action === 'close';
    if ((issue.is_closed === 1) !== close) await changeState(deps, target, issue, doer, close);
  }
}
