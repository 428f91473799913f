// Said above the pull request list when the base-branch filter covers only the page shown: a
// search with words (the issue search has no base branch), or a server whose pull request list
// ignores the filter (Gitea 1.23 has no base_branch parameter). Issue #19.
export function BaseFilterNote({ base, search }: { base: string; search: boolean }) {
  return (
    <p
      role="note"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {search ? 'The search does not know base branches' : 'This server does not filter pull requests by base branch'}, so this page shows the pull requests
      into <strong>{base}</strong> among those it listed; other pages may have more.
    </p>
  );
}
