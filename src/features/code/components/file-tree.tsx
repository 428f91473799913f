// A folder's entries: folders first, each linking to its page, with its last commit when the API sends it.
// Pointing at (or focusing) an entry starts loading that page's data, so the click finds it ready.
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { RelativeTime } from '@/components/ui/relative-time';
import { paths, type RefKind } from '@/lib/paths';
import { contentsQueries, type ContentsResponse } from '../api/contents-queries';
import { parentPath } from '../lib/ref-path';

interface Props {
  owner: string;
  repo: string;
  kind: RefKind;
  refName: string;
  path: string;
  entries: ContentsResponse[];
}

/** The optional fields our server adds beside Gitea's (Gitea itself sends last_committer_date). */
type WithLastCommit = ContentsResponse & { last_commit_message?: string | null; last_commit_date?: string | null; last_committer_date?: string | null };

const order = (t: string) => (t === 'dir' ? 0 : t === 'submodule' ? 1 : 2);

export function FileTree({ owner, repo, kind, refName, path, entries }: Props) {
  const sorted = [...entries].sort((a, b) => order(a.type) - order(b.type) || a.name.localeCompare(b.name));
  const queryClient = useQueryClient();
  // Cached queries are not asked again, so a pointer moving over the list costs one request per entry at most.
  const warm = (entryPath: string) => {
    void queryClient.prefetchQuery(contentsQueries.contents(owner, repo, refName, entryPath));
    void queryClient.prefetchQuery(contentsQueries.latestCommit(owner, repo, refName, entryPath));
  };
  const rowCls = 'border-t border-gray-200 first:border-t-0 hover:bg-gray-50 dark:border-gray-800 dark:hover:bg-gray-900/60';
  return (
    <table className="w-full table-fixed text-sm">
      <caption className="sr-only">Files in {path || repo}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Last commit</th>
          <th scope="col">Date</th>
        </tr>
      </thead>
      <tbody>
        {path && (
          <tr className={rowCls}>
            <td colSpan={3} className="px-3 py-2">
              <Link
                to={paths.src.href(owner, repo, kind, refName, parentPath(path))}
                className="block font-medium text-gray-600 hover:underline dark:text-gray-300"
                aria-label="Parent folder"
              >
                ..
              </Link>
            </td>
          </tr>
        )}
        {sorted.map((raw) => {
          const e = raw as WithLastCommit;
          const date = e.last_commit_date || e.last_committer_date;
          return (
            <tr key={e.path} className={rowCls}>
              <td className="w-full px-3 py-2 sm:w-2/5">
                <span className="flex min-w-0 items-center gap-2">
                  <EntryIcon type={e.type} />
                  {e.type === 'submodule' ? (
                    <span className="truncate" title={e.submodule_git_url ?? undefined}>
                      {e.name}
                    </span>
                  ) : (
                    <Link
                      to={paths.src.href(owner, repo, kind, refName, e.path)}
                      onPointerEnter={() => warm(e.path)}
                      onFocus={() => warm(e.path)}
                      className="truncate hover:text-indigo-600 hover:underline dark:hover:text-indigo-400"
                    >
                      {e.name}
                    </Link>
                  )}
                </span>
              </td>
              <td className="hidden truncate px-3 py-2 text-gray-500 sm:table-cell dark:text-gray-400">
                {e.last_commit_message && e.last_commit_sha ? (
                  <Link
                    to={paths.commit.href(owner, repo, e.last_commit_sha)}
                    className="hover:text-indigo-600 hover:underline dark:hover:text-indigo-400"
                    title={e.last_commit_message}
                  >
                    {e.last_commit_message.split('\n')[0]}
                  </Link>
                ) : null}
              </td>
              <td className="w-28 whitespace-nowrap px-3 py-2 text-right text-xs text-gray-500 dark:text-gray-400">
                {date ? <RelativeTime date={date} /> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function EntryIcon({ type }: { type: string }) {
  const common = { 'aria-hidden': true, viewBox: '0 0 16 16', width: 16, height: 16, fill: 'currentColor', className: 'shrink-0' } as const;
  if (type === 'dir') {
    return (
      <svg {...common} className="shrink-0 text-sky-500 dark:text-sky-400">
        <title>Folder</title>
        <path d="M1.75 1A1.75 1.75 0 0 0 0 2.75v10.5C0 14.216.784 15 1.75 15h12.5A1.75 1.75 0 0 0 16 13.25v-8.5A1.75 1.75 0 0 0 14.25 3H7.5a.25.25 0 0 1-.2-.1l-.9-1.2C6.07 1.26 5.55 1 5 1H1.75Z" />
      </svg>
    );
  }
  if (type === 'submodule') {
    return (
      <svg {...common} className="shrink-0 text-gray-500">
        <title>Submodule</title>
        <path d="M0 2.75C0 1.784.784 1 1.75 1H5c.55 0 1.07.26 1.4.7l.9 1.2a.25.25 0 0 0 .2.1h6.75c.966 0 1.75.784 1.75 1.75v8.5A1.75 1.75 0 0 1 14.25 15H1.75A1.75 1.75 0 0 1 0 13.25Zm9.42 9.36 2.883-2.677a.25.25 0 0 0 0-.366L9.42 6.39a.249.249 0 0 0-.42.183V8.5H4.75a.75.75 0 0 0 0 1.5H9v1.927c0 .218.26.331.42.183Z" />
      </svg>
    );
  }
  return (
    <svg {...common} className="shrink-0 text-gray-500 dark:text-gray-400">
      <title>{type === 'symlink' ? 'Symbolic link' : 'File'}</title>
      <path d="M2 1.75C2 .784 2.784 0 3.75 0h6.586c.464 0 .909.184 1.237.513l2.914 2.914c.329.328.513.773.513 1.237v9.586A1.75 1.75 0 0 1 13.25 16h-9.5A1.75 1.75 0 0 1 2 14.25Zm1.75-.25a.25.25 0 0 0-.25.25v12.5c0 .138.112.25.25.25h9.5a.25.25 0 0 0 .25-.25V6h-2.75A1.75 1.75 0 0 1 9 4.25V1.5Zm6.75.062V4.25c0 .138.112.25.25.25h2.688l-.011-.013-2.914-2.914-.013-.011Z" />
    </svg>
  );
}
