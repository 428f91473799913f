// `@user` mentions and `#N` / `owner/repo#N` references in Markdown, outside code. Mentions are kept
// in issue_user (for the mentioned filters); references leave an event on the referenced issue.
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import type { IssueRow, RepoRow, UserRow } from '../db/schema.ts';
import { findIssueByIndex } from '../db/issues.ts';
import { findReferenceEvent, findRepoByLowerNames, listIndividualsByLowerNames, upsertMention } from '../db/mentions.ts';
import { repoPermission } from './permissions.ts';
import { CommentType, insertEvent } from './conversation.ts';

/** Blanks out fenced and indented code blocks and inline code spans, keeping line structure. */
export function stripCode(md: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of md.split('\n')) {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (m && m[1]![0] === fence[0] && m[1]!.length >= fence.length && line.trim() === m[1]) fence = null;
      out.push('');
      continue;
    }
    if (m) {
      fence = m[1]!;
      out.push('');
      continue;
    }
    if (/^( {4}|\t)/.test(line)) {
      out.push('');
      continue;
    }
    out.push(line.replace(/(`+)[\s\S]*?\1/g, ' '));
  }
  return out.join('\n');
}

// A mention starts after a non-word character (so e-mail addresses do not count) and follows
// Gitea's user name rule: ends with a letter or digit.
const MENTION_RE = /(?:^|[^\w@./-])@([\da-zA-Z](?:[\w.-]*[\da-zA-Z])?)/g;
const REF_RE = /(?:^|[^\w/#&.-])(?:([\da-zA-Z][\w.-]*)\/([\w.-]+))?#(\d+)\b/g;

export function findMentions(md: string): string[] {
  const names = new Set<string>();
  for (const m of stripCode(md).matchAll(MENTION_RE)) names.add(m[1]!.toLowerCase());
  return [...names];
}

export interface IssueReference {
  owner?: string;
  repo?: string;
  index: number;
}

export function findReferences(md: string): IssueReference[] {
  const seen = new Set<string>();
  const out: IssueReference[] = [];
  for (const m of stripCode(md).matchAll(REF_RE)) {
    const ref = { owner: m[1]?.toLowerCase(), repo: m[2]?.toLowerCase(), index: Number(m[3]) };
    const key = `${ref.owner ?? ''}/${ref.repo ?? ''}#${ref.index}`;
    if (!seen.has(key) && ref.index > 0) {
      seen.add(key);
      out.push(ref);
    }
  }
  return out;
}

/** Stores who the text mentions, limited to users who can read the repository. */
export async function recordMentions(db: Db, rc: { repo: RepoRow }, issue: IssueRow, content: string): Promise<number[]> {
  const names = findMentions(content);
  if (!names.length) return [];
  const users = await listIndividualsByLowerNames(db, names);
  const ids: number[] = [];
  for (const u of users) {
    if (!(await repoPermission(db, u, rc.repo)).canReadIssuesOrPulls(issue.is_pull)) continue;
    ids.push(u.id);
    // One statement, so two comments mentioning the same user at once cannot both insert.
    await upsertMention(db, u.id, issue.id);
  }
  return ids;
}

/**
 * For each issue the text references, adds one issue_ref / comment_ref / pull_ref event to that
 * issue, once per source (issue body or comment), if the doer can read its repository.
 */
export async function recordReferences(
  db: Db,
  a: { doer: UserRow; source: { repo: RepoRow; owner: UserRow }; issue: IssueRow; commentId: number; content: string },
): Promise<void> {
  const refs = findReferences(a.content);
  for (const ref of refs) {
    let repo: RepoRow | undefined = a.source.repo;
    if (ref.owner && ref.repo) {
      repo = await findRepoByLowerNames(db, ref.owner, ref.repo);
      if (!repo) continue;
      if (!(await repoPermission(db, a.doer, repo)).canReadAny()) continue;
    }
    const target = await findIssueByIndex(db, repo.id, ref.index);
    if (!target || target.id === a.issue.id) continue;
    const exists = await findReferenceEvent(db, target.id, a.issue.id, a.commentId, [CommentType.issueRef, CommentType.commentRef, CommentType.pullRef]);
    if (exists) continue;
    const type = a.commentId ? CommentType.commentRef : a.issue.is_pull ? CommentType.pullRef : CommentType.issueRef;
    await insertEvent(db, {
      type,
      poster_id: a.doer.id,
      issue_id: target.id,
      ref_repo_id: a.source.repo.id,
      ref_issue_id: a.issue.id,
      ref_comment_id: a.commentId,
      ref_is_pull: a.issue.is_pull,
      created_unix: nowUnix(),
    });
  }
}
