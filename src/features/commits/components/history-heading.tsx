// "History for a/b/c" with each ancestor directory linking to its own history.
import { Link } from 'react-router';
import { paths, type RefKind } from '@/lib/paths';

export function HistoryHeading({ owner, repo, kind, refName, path }: { owner: string; repo: string; kind: RefKind; refName: string; path: string }) {
  const label = kind === 'commit' ? refName.slice(0, 10) : refName;
  if (!path) {
    return (
      <h1 className="text-lg font-semibold">
        Commits <span className="font-normal text-gray-500 dark:text-gray-400">on {kind}</span>{' '}
        <span className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-sm dark:bg-gray-800">{label}</span>
      </h1>
    );
  }
  const parts = path.split('/');
  return (
    <h1 className="break-all text-lg font-semibold">
      History for{' '}
      <Link to={paths.commits.href(owner, repo, kind, refName)} className="text-indigo-600 hover:underline dark:text-indigo-400">
        {repo}
      </Link>
      {parts.map((p, i) => (
        <span key={i}>
          <span className="mx-1 text-gray-400">/</span>
          {i === parts.length - 1 ? (
            <span>{p}</span>
          ) : (
            <Link
              to={paths.commits.href(owner, repo, kind, refName, parts.slice(0, i + 1).join('/'))}
              className="text-indigo-600 hover:underline dark:text-indigo-400"
            >
              {p}
            </Link>
          )}
        </span>
      ))}
      <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 align-middle font-mono text-xs font-normal dark:bg-gray-800">{label}</span>
    </h1>
  );
}
