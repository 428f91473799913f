// Required status-check contexts: picked from those seen on recent commits, or typed (a context
// may be a glob such as ci/*, so a context no commit has reported yet is fine).
import { useId, useState } from 'react';
import { inputClass } from '@/components/ui/field';
import { Button } from '@/components/ui/button';

export function ContextPicker({ value, onChange, seen, error }: { value: string[]; onChange: (v: string[]) => void; seen: string[]; error?: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const add = (ctx: string) => {
    const c = ctx.trim();
    if (c && !value.includes(c)) onChange([...value, c]);
    setText('');
  };
  const suggestions = seen.filter((s) => !value.includes(s));
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        Required contexts
      </label>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen contexts">
          {value.map((c) => (
            <li key={c} className="inline-flex items-center gap-1 rounded-full border border-gray-300 py-0.5 pr-1 pl-2 font-mono text-xs dark:border-gray-700">
              {c}
              <button
                type="button"
                className="rounded-full px-1 hover:bg-gray-200 dark:hover:bg-gray-700"
                aria-label={`Remove context ${c}`}
                onClick={() => onChange(value.filter((v) => v !== c))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          id={id}
          className={inputClass}
          placeholder="ci/build or a pattern such as ci/*"
          value={text}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds the context instead of submitting the whole rule.
            if (e.key === 'Enter') {
              e.preventDefault();
              add(text);
            }
          }}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        <Button onClick={() => add(text)} disabled={!text.trim()}>
          Add
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
          With none listed, every status posted to the head commit must succeed.
        </p>
      )}
      {suggestions.length > 0 && (
        <div>
          <p className="text-xs text-gray-600 dark:text-gray-400">Seen on recent commits:</p>
          <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Contexts seen on recent commits">
            {suggestions.map((s) => (
              <li key={s}>
                <button
                  type="button"
                  className="rounded-full border border-dashed border-gray-400 px-2 py-0.5 font-mono text-xs hover:bg-gray-100 dark:border-gray-600 dark:hover:bg-gray-800"
                  aria-label={`Add context ${s}`}
                  onClick={() => add(s)}
                >
                  + {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
