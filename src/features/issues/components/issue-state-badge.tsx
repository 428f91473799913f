export function IssueStateBadge({ state }: { state: 'open' | 'closed' }) {
  const open = state === 'open';
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-medium text-white ${open ? 'bg-green-700' : 'bg-purple-600 dark:bg-purple-700'}`}
    >
      <span aria-hidden>{open ? '◉' : '✓'}</span>
      {open ? 'Open' : 'Closed'}
    </span>
  );
}
