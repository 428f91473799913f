// Pick people by searching users: assignees and reviewers of a new issue or pull request (chosen
// ones show as removable chips), or one person at a time (requesting a review). The search is
// handed in as query options, so this component knows no endpoint: the page decides who is found.
import { useDeferredValue, useId, useState } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { components } from '@/lib/api/schema';
import { Avatar } from './avatar';
import { inputClass } from './field';

type User = components['schemas']['User'];

interface CommonProps {
  label: string;
  /** Query options that find users matching a text (any key: the factory's own). */
  search: (q: string) => UseQueryOptions<User[], Error, User[], any>;
  /** Logins that may not be picked (e.g. the author as a reviewer). */
  exclude?: string[];
}

/** A form field: the chosen logins as chips, each removable. */
interface ListProps extends CommonProps {
  value: string[];
  onChange: (logins: string[]) => void;
  error?: string;
  onPick?: never;
}

/** An action: each pick is reported at once (the search box opens focused, with a small label). */
interface PickProps extends CommonProps {
  onPick: (login: string) => void;
  disabled?: boolean;
  value?: never;
}

export type UserPickerProps = ListProps | PickProps;

export function UserPicker(props: UserPickerProps) {
  const { label, search, exclude = [] } = props;
  const id = useId();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const found = useQuery({ ...search(deferred), enabled: deferred.length > 0 });
  const chosen = props.value ?? [];
  const options = (found.data ?? []).filter((u) => !chosen.includes(u.login) && !exclude.includes(u.login));
  const error = props.onPick ? undefined : props.error;
  const pick = (login: string) => {
    if (props.onPick) props.onPick(login);
    else props.onChange([...props.value, login]);
    setQ('');
  };

  return (
    <div className={`space-y-1.5 ${props.onPick ? 'mb-2' : ''}`}>
      <label
        htmlFor={id}
        className={props.onPick ? 'block text-xs text-gray-600 dark:text-gray-400' : 'block text-sm font-medium text-gray-800 dark:text-gray-200'}
      >
        {label}
      </label>
      {!props.onPick && props.value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`Chosen ${label.toLowerCase()}`}>
          {props.value.map((login) => (
            <li key={login} className="inline-flex items-center gap-1 rounded-full border border-gray-300 py-0.5 pr-1 pl-2 text-xs dark:border-gray-700">
              {login}
              <button
                type="button"
                className="rounded-full px-1 hover:bg-gray-200 dark:hover:bg-gray-700"
                aria-label={`Remove ${login} from ${label.toLowerCase()}`}
                onClick={() => props.onChange(props.value.filter((v) => v !== login))}
              >
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
        // Opened on demand (a "Request review" button): typing can start at once.
        autoFocus={!!props.onPick}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {deferred && (
        <ul className="max-h-48 overflow-auto rounded-md border border-gray-200 dark:border-gray-700" aria-label="Matching users">
          {options.map((u) => (
            <li key={u.id}>
              <button
                type="button"
                disabled={props.onPick ? props.disabled : undefined}
                className="flex w-full items-center gap-2 px-2 py-1.5 text-left text-sm hover:bg-gray-100 disabled:opacity-60 dark:hover:bg-gray-800"
                onClick={() => pick(u.login)}
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
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
