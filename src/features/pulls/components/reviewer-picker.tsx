// Pick people by searching users (reviewers of a new pull request); chosen ones show as removable
// chips. The search comes from the route (the users query of another feature).
import { useDeferredValue, useId, useState } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { inputClass } from '@/components/ui/field';
import { Avatar } from '@/components/ui/avatar';
import type { components } from '@/lib/api/schema';

type User = components['schemas']['User'];

export interface ReviewerPickerProps {
  label?: string;
  value: string[];
  onChange: (logins: string[]) => void;
  /** Query options that find users matching a text (any key: the factory's own). */
  search: (q: string) => UseQueryOptions<User[], Error, User[], any>;
  /** Logins that may not be picked (the author cannot review their own pull request). */
  exclude?: string[];
  error?: string;
}

export function ReviewerPicker({ label = 'Reviewers', value, onChange, search, exclude = [], error }: ReviewerPickerProps) {
  const id = useId();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const found = useQuery({ ...search(deferred), enabled: deferred.length > 0 });
  const options = (found.data ?? []).filter((u) => !value.includes(u.login) && !exclude.includes(u.login));
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
      </label>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`Chosen ${label.toLowerCase()}`}>
          {value.map((login) => (
            <li key={login} className="inline-flex items-center gap-1 rounded-full border border-gray-300 py-0.5 pr-1 pl-2 text-xs dark:border-gray-700">
              {login}
              <button type="button" className="rounded-full px-1 hover:bg-gray-200 dark:hover:bg-gray-700" aria-label={`Remove ${login} from ${label.toLowerCase()}`} onClick={() => onChange(value.filter((v) => v !== login))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="search"
        className={inputClass}
        placeholder="Find a user…"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        autoComplete="off"
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {deferred && (
        <ul className="max-h-48 overflow-auto rounded-md border border-gray-200 dark:border-gray-700" aria-label="Matching users">
          {options.map((u) => (
            <li key={u.id}>
              <button
                type="button"
                className="flex w-full items-center gap-2 px-2 py-1.5 text-left text-sm hover:bg-gray-100 dark:hover:bg-gray-800"
                onClick={() => {
                  onChange([...value, u.login]);
                  setQ('');
                }}
              >
                <Avatar src={u.avatar_url} name={u.login} size={18} />
                {u.login}
                {u.full_name && <span className="truncate text-gray-500">{u.full_name}</span>}
              </button>
            </li>
          ))}
          {found.isSuccess && options.length === 0 && <li className="px-2 py-1.5 text-sm text-gray-500">No matching users.</li>}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
