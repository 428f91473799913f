// repo / dir / dir / file — each part but the last links to its folder at the same ref.
import { Link } from 'react-router';
import { paths, type RefKind } from '@/lib/paths';

export function Breadcrumbs({ owner, repo, kind, refName, path }: { owner: string; repo: string; kind: RefKind; refName: string; path: string }) {
  const parts = path ? path.split('/') : [];
  const link = 'font-medium text-indigo-600 hover:underline dark:text-indigo-400';
  return (
    <nav aria-label="Breadcrumb" className="min-w-0 text-sm">
      <ol className="flex flex-wrap items-center gap-1 break-all">
        <li>
          {parts.length ? (
            <Link to={paths.src.href(owner, repo, kind, refName)} className={link}>
              {repo}
            </Link>
          ) : (
            <span className="font-semibold" aria-current="page">
              {repo}
            </span>
          )}
        </li>
        {parts.map((part, i) => {
          const last = i === parts.length - 1;
          return (
            <li key={i} className="flex items-center gap-1">
              <span aria-hidden className="text-gray-400">
                /
              </span>
              {last ? (
                <span className="font-semibold" aria-current="page">
                  {part}
                </span>
              ) : (
                <Link to={paths.src.href(owner, repo, kind, refName, parts.slice(0, i + 1).join('/'))} className={link}>
                  {part}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
