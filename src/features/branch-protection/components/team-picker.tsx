// Teams of the owning organization as checkboxes (an organization has few teams); the chosen
// names are what Gitea's whitelists hold.
import { useId } from 'react';

export function TeamPicker({
  label,
  teams,
  value,
  onChange,
  error,
}: {
  label: string;
  teams: string[];
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
}) {
  const id = useId();
  // A team chosen earlier but since deleted still shows, so saving does not drop it silently.
  const all = [...new Set([...teams, ...value])];
  return (
    <fieldset className="space-y-1" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">{label}</legend>
      {all.length === 0 ? (
        <p className="text-xs text-gray-500 dark:text-gray-400">The organization has no teams.</p>
      ) : (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {all.map((t) => (
            <label key={t} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-indigo-600"
                checked={value.includes(t)}
                onChange={(e) => onChange(e.target.checked ? [...value, t] : value.filter((v) => v !== t))}
              />
              {t}
            </label>
          ))}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
