// Picks a repository of the fork network on the compare page ("base repository", "head
// repository"): a labelled select of owner/name, so it works with the keyboard and screen readers.
import { useId } from 'react';
import type { Repository } from '../api/fork-queries';

type RepoLike = Pick<Repository, 'id' | 'full_name'>;

export function RepoChoice<R extends RepoLike>({ label, value, choices, onChange }: { label: string; value: R; choices: R[]; onChange: (repo: R) => void }) {
  const id = useId();
  const list = choices.some((c) => c.id === value.id) ? choices : [value, ...choices];
  return (
    <div className="flex min-w-0 items-center gap-1.5 rounded-md border border-gray-300 bg-white px-2.5 py-1 text-sm dark:border-gray-700 dark:bg-gray-900">
      <label htmlFor={id} className="whitespace-nowrap text-gray-600 dark:text-gray-400">
        {label}:
      </label>
      <select
        id={id}
        value={value.id}
        onChange={(e) => {
          const next = list.find((c) => c.id === Number(e.target.value));
          if (next && next.id !== value.id) onChange(next);
        }}
        className="min-w-0 truncate bg-transparent font-mono font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:bg-gray-900"
      >
        {list.map((c) => (
          <option key={c.id} value={c.id}>
            {c.full_name}
          </option>
        ))}
      </select>
    </div>
  );
}
