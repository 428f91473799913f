// A page of history, grouped under one heading per day.
import type { Commit } from '../api/commit-queries';
import { groupByDay } from '../lib/group-by-day';
import { CommitRow } from './commit-row';

export function CommitList({ owner, repo, commits }: { owner: string; repo: string; commits: Commit[] }) {
  return (
    <div className="space-y-5">
      {groupByDay(commits).map((g) => (
        <section key={g.day} aria-label={`Commits on ${g.day}`}>
          <h2 className="mb-2 flex items-center gap-2 text-sm font-medium text-gray-600 dark:text-gray-400">
            <span aria-hidden className="h-2 w-2 rounded-full bg-gray-400 dark:bg-gray-600" />
            Commits on {g.day}
          </h2>
          <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
            {g.commits.map((c) => (
              <CommitRow key={c.sha} owner={owner} repo={repo} commit={c} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
