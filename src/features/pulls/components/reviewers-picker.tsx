// Find people and request their review. Results leave out the poster and those already requested.
import { useDeferredValue, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Avatar } from '@/components/ui/avatar';
import { inputClass } from '@/components/ui/field';
import { pullQueries } from '../api/pull-queries';

export interface ReviewersPickerProps {
  /** Logins that cannot be picked (the poster, already requested). */
  exclude: string[];
  onPick: (login: string) => void;
  disabled?: boolean;
}

export function ReviewersPicker({ exclude, onPick, disabled }: ReviewersPickerProps) {
  const id = useId();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const found = useQuery({ ...pullQueries.reviewerCandidates(deferred), enabled: deferred.length > 0 });
  const options = (found.data ?? []).filter((u) => !exclude.includes(u.login));
  return (
    <div className="mb-2 space-y-1.5">
      <label htmlFor={id} className="block text-xs text-gray-600 dark:text-gray-400">
        Request a review from
      </label>
      <input id={id} type="search" className={inputClass} placeholder="Find a user…" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" autoFocus />
      {deferred && (
        <ul className="max-h-48 overflow-auto rounded-md border border-gray-200 dark:border-gray-700" aria-label="Matching users">
          {options.map((u) => (
            <li key={u.id}>
              <button
                type="button"
                disabled={disabled}
                className="flex w-full items-center gap-2 px-2 py-1.5 text-left text-sm hover:bg-gray-100 disabled:opacity-60 dark:hover:bg-gray-800"
                onClick={() => {
                  onPick(u.login);
                  setQ('');
                }}
              >
                <Avatar src={u.avatar_url} name={u.login} size={18} />
                {u.login}
                {u.full_name && <span className="truncate text-gray-500 dark:text-gray-400">{u.full_name}</span>}
              </button>
            </li>
          ))}
          {found.isSuccess && options.length === 0 && <li className="px-2 py-1.5 text-sm text-gray-500 dark:text-gray-400">No matching users.</li>}
        </ul>
      )}
    </div>
  );
}
