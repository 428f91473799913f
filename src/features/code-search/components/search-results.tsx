// Code search results: one block per file, each matching line with its number (a link to the file
// at that line, #L<n> as the code view's anchors) and the matched ranges highlighted.
import { Link } from 'react-router';
import { paths, type RefKind } from '@/lib/paths';
import type { CodeSearchResult } from '../api/code-search-queries';

type Match = CodeSearchResult['files'][number]['matches'][number];

function Highlighted({ match }: { match: Match }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [s, e] of match.ranges) {
    if (s < at) continue;
    if (s > at) parts.push(match.text.slice(at, s));
    parts.push(
      <mark key={s} className="rounded-sm bg-yellow-200 text-gray-900 dark:bg-yellow-700 dark:text-gray-50">
        {match.text.slice(s, e)}
      </mark>,
    );
    at = e;
  }
  parts.push(match.text.slice(at));
  return <>{parts}</>;
}

export function SearchResults({
  owner,
  repo,
  kind,
  refName,
  result,
}: {
  owner: string;
  repo: string;
  kind: RefKind;
  refName: string;
  result: CodeSearchResult;
}) {
  return (
    <ul aria-label="Search results" className="space-y-3">
      {result.files.map((f) => {
        const href = paths.src.href(owner, repo, kind, refName, f.path);
        return (
          <li key={f.path} className="overflow-hidden rounded-lg border border-gray-200 dark:border-gray-800">
            <h2 className="border-b border-gray-200 bg-gray-50 px-3 py-2 text-sm font-semibold break-all dark:border-gray-800 dark:bg-gray-900">
              <Link to={href} className="text-indigo-700 hover:underline dark:text-indigo-300">
                {f.path}
              </Link>
            </h2>
            <ol className="overflow-x-auto font-mono text-xs">
              {f.matches.map((m) => (
                <li key={m.line} className="flex">
                  <Link
                    to={`${href}#L${m.line}`}
                    className="w-14 shrink-0 px-2 py-0.5 text-right text-gray-600 select-none hover:text-indigo-700 hover:underline dark:text-gray-400"
                    aria-label={`${f.path} line ${m.line}`}
                  >
                    {m.line}
                  </Link>
                  <code className="px-2 py-0.5 whitespace-pre">
                    <Highlighted match={m} />
                  </code>
                </li>
              ))}
            </ol>
          </li>
        );
      })}
    </ul>
  );
}
