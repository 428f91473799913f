// Previous/next paging driven by the URL's ?page=, with the page count when the total is known.
import { Link, useSearchParams } from 'react-router';

export function Pagination({ page, total, limit, hasNext }: { page: number; total?: number; limit: number; hasNext?: boolean }) {
  const [params] = useSearchParams();
  const pages = total !== undefined ? Math.max(1, Math.ceil(total / limit)) : undefined;
  const next = pages !== undefined ? page < pages : !!hasNext;
  if (page <= 1 && !next) return null;
  const href = (p: number) => {
    const q = new URLSearchParams(params);
    if (p <= 1) q.delete('page');
    else q.set('page', String(p));
    const s = q.toString();
    return s ? `?${s}` : '?';
  };
  const cls = 'rounded-md border border-gray-300 px-3 py-1.5 text-sm hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800';
  const off = 'rounded-md border border-gray-200 px-3 py-1.5 text-sm text-gray-400 dark:border-gray-800 dark:text-gray-600';
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link className={cls} to={href(page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={off} aria-disabled="true">
          Previous
        </span>
      )}
      <span className="text-sm text-gray-600 dark:text-gray-400">
        Page {page}
        {pages !== undefined ? ` of ${pages}` : ''}
      </span>
      {next ? (
        <Link className={cls} to={href(page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span className={off} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
