// The header of an issue or pull request page: its title and number, editable inline for those
// allowed, and under it the page's own state badge and byline.
import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { inputClass } from './field';

export interface TitleHeaderProps {
  title: string;
  number: number;
  canEdit: boolean;
  /** The title input's id, unique on the page (its error is `${inputId}-error`). */
  inputId: string;
  /** Saves a changed, trimmed title; call `done` once saved to leave editing. */
  onSave: (title: string, done: () => void) => void;
  saving: boolean;
  /** Why the last save failed, shown under the input. */
  error?: string | null;
  /** Called when editing starts, to forget an earlier failure. */
  onStartEdit?: () => void;
  badge: ReactNode;
  subtitle: ReactNode;
  className?: string;
}

export function TitleHeader({ title, number, canEdit, inputId, onSave, saving, error, onStartEdit, badge, subtitle, className = '' }: TitleHeaderProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);

  const save = () => {
    if (!draft.trim()) return;
    if (draft === title) return setEditing(false);
    onSave(draft.trim(), () => setEditing(false));
  };

  return (
    <header className={`space-y-2 ${className}`}>
      {editing ? (
        <form
          className="flex flex-col gap-2 sm:flex-row"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            Title
          </label>
          <input
            id={inputId}
            className={`${inputClass} text-lg`}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
            autoFocus
            required
            maxLength={255}
            aria-invalid={!!error}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          <div className="flex shrink-0 gap-2">
            <Button type="submit" variant="primary" disabled={saving || !draft.trim()}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
            <Button onClick={() => setEditing(false)} disabled={saving}>
              Cancel
            </Button>
          </div>
          {error && (
            <p id={`${inputId}-error`} role="alert" className="text-sm text-red-600 sm:self-center dark:text-red-400">
              {error}
            </p>
          )}
        </form>
      ) : (
        <div className="flex items-start gap-3">
          <h1 className="min-w-0 flex-1 text-2xl font-semibold break-words">
            {title} <span className="font-normal text-gray-500 dark:text-gray-400">#{number}</span>
          </h1>
          {canEdit && (
            <Button
              size="sm"
              className="mt-1 shrink-0"
              onClick={() => {
                setDraft(title);
                onStartEdit?.();
                setEditing(true);
              }}
            >
              Edit
            </Button>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
        {badge}
        {subtitle}
      </div>
    </header>
  );
}
