// Gitea's paging: page 1-based (<=0 means 1), limit default 30, maximum 50; total and Link headers.
import type { Context } from 'hono';

export const DEFAULT_LIMIT = 30;
export const MAX_LIMIT = 50;

export interface Paging {
  page: number;
  limit: number;
  offset: number;
}

export function paging(q: { page?: number; limit?: number }, maxLimit = MAX_LIMIT): Paging {
  const page = !q.page || q.page < 1 ? 1 : Math.floor(q.page);
  let limit = !q.limit || q.limit < 1 ? DEFAULT_LIMIT : Math.floor(q.limit);
  if (limit > maxLimit) limit = maxLimit;
  return { page, limit, offset: (page - 1) * limit };
}

/** Sets X-Total-Count and Link (first/prev/next/last), exposed to cross-origin readers. */
export function setPageHeaders(c: Context, total: number, p: Paging, extraExpose: string[] = []) {
  c.header('X-Total-Count', String(total));
  const lastPage = Math.max(1, Math.ceil(total / p.limit));
  const url = new URL(c.req.url);
  const link = (page: number, rel: string) => {
    url.searchParams.set('page', String(page));
    url.searchParams.set('limit', String(p.limit));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (p.page < lastPage) links.push(link(p.page + 1, 'next'), link(lastPage, 'last'));
  if (p.page > 1) links.push(link(1, 'first'), link(p.page - 1, 'prev'));
  if (links.length) c.header('Link', links.join(','));
  c.header('Access-Control-Expose-Headers', ['X-Total-Count', 'Link', ...extraExpose].join(', '));
}
