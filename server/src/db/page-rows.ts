// One page of a list query, with its total for Gitea's X-Total-Count and Link headers: the count
// first, then the page's rows, as the list routes have always asked them.
import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Database } from './schema.ts';

/** A condition over `repository` (services/permissions.ts's readableRepo). */
export type RepoFilter = (eb: ExpressionBuilder<Database, 'repository'>) => Expression<SqlBool>;

/** A condition over `user` (services/permissions.ts's visibleUser). */
export type UserFilter = (eb: ExpressionBuilder<Database, 'user'>) => Expression<SqlBool>;

/** Where a page starts and how long it is (api/paging.ts's Paging fits). */
export interface PageWindow {
  limit: number;
  offset: number;
}

export interface RowsPage<R> {
  total: number;
  rows: R[];
}

/** The total of `q`, then the rows `select` reads from it in the window. */
export async function countThenPage<DB, TB extends keyof DB, R>(
  q: SelectQueryBuilder<DB, TB, object>,
  p: PageWindow,
  select: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, R>,
): Promise<RowsPage<R>> {
  // Through the generic builder TypeScript cannot see the selected column, so it is named here.
  const { n } = (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()) as { n: number };
  const rows = await select(q).limit(p.limit).offset(p.offset).execute();
  return { total: Number(n), rows };
}
