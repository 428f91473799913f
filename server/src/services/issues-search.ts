// The issue list behind GET /repos/{o}/{r}/issues and /repos/issues/search: the filters as the API
// takes them, over one repository or every repository the viewer may read (db/issues-search.ts).
import type { Db } from '../db/types.ts';
import type { IssueRow } from '../db/schema.ts';
import { findUserByName } from '../db/users.ts';
import { countIssues, issuesQuery as filteredIssues, listIssues, sortedIssues as sortIssues, type IssueFilter } from '../db/issues-search.ts';
import { notFound } from '../errors.ts';
import { readableRepo } from './permissions.ts';

export const splitList = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** A username filter: unknown users are 404 as in Gitea. */
export async function userIdFor(db: Db, name: string | undefined, field: string): Promise<number | undefined> {
  if (!name) return undefined;
  const u = await findUserByName(db, name);
  if (!u) throw notFound(`${field}: user does not exist [name: ${name}]`);
  return u.id;
}

const restriction = (f: IssueFilter) => (f.viewer !== undefined ? readableRepo(f.viewer) : undefined);

/** The query of the issues `f` matches, to refine further (pull request lists). */
export function issuesQuery(db: Db, f: IssueFilter) {
  return filteredIssues(db, f, restriction(f));
}

/** Gitea's sort names; the default is newest first. */
export function sortedIssues(q: ReturnType<typeof issuesQuery>, sort: string | undefined) {
  return sortIssues(q, sort);
}

/** The number of matches (unless `counted` knows it already) and one page of them. */
export async function issuesPage(db: Db, f: IssueFilter, p: { limit: number; offset: number }, counted?: number): Promise<{ n: number; rows: IssueRow[] }> {
  const n = counted ?? (await countIssues(db, f, restriction(f)));
  return { n, rows: await listIssues(db, f, restriction(f), p) };
}
