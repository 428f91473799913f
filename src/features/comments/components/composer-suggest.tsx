// `@` and `#` suggestions while typing in the composer: a listbox under the textarea that the
// textarea drives (aria-autocomplete, aria-controls, aria-activedescendant). Arrow keys move,
// Enter or Tab inserts, Escape closes; a live region says how many suggestions there are.
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { filterUsers, issueSuggestions, mentionSuggestions, type Suggestion } from '../api/composer-suggestions';
import { insertCompletion, triggerAt, type Trigger } from '../lib/mention-trigger';

interface Options {
  textarea: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

export function useComposerSuggest({ textarea, value, onChange, disabled }: Options) {
  // The editor sits on a repository's pages; elsewhere there is nothing to suggest.
  const { owner, repo } = useParams();
  const listId = useId();
  const [trigger, setTrigger] = useState<Trigger | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const enabled = !!owner && !!repo && !disabled && !!trigger && dismissed !== trigger.start;
  const users = useQuery({ ...mentionSuggestions(owner ?? '', repo ?? ''), enabled: enabled && trigger?.char === '@' });
  const issues = useQuery({ ...issueSuggestions(owner ?? '', repo ?? '', trigger?.query ?? ''), enabled: enabled && trigger?.char === '#' });
  const items: Suggestion[] = useMemo(() => {
    if (!enabled || !trigger) return [];
    if (trigger.char === '@') return filterUsers(users.data ?? [], trigger.query);
    return issues.data ?? [];
  }, [enabled, trigger, users.data, issues.data]);
  const open = items.length > 0;

  useEffect(() => setActive(0), [trigger?.char, trigger?.query]);

  /** Reads the token at the caret after every change and caret move. */
  const track = () => {
    const el = textarea.current;
    if (!el) return;
    const t = el.selectionStart === el.selectionEnd ? triggerAt(el.value, el.selectionStart) : null;
    setTrigger(t);
    if (!t) setDismissed(null);
  };

  const pick = (s: Suggestion) => {
    const el = textarea.current;
    if (!el || !trigger) return;
    const next = insertCompletion(value, el.selectionStart, trigger, s.insert);
    onChange(next.value);
    setTrigger(null);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  };

  /** Handles the keys the list owns; true when it took the key. */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length);
      return true;
    }
    if ((e.key === 'Enter' && !e.ctrlKey && !e.metaKey && !e.shiftKey) || e.key === 'Tab') {
      e.preventDefault();
      pick(items[Math.min(active, items.length - 1)]!);
      return true;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setDismissed(trigger!.start);
      return true;
    }
    return false;
  };

  const optionId = (i: number) => `${listId}-opt-${i}`;
  const inputProps = {
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? optionId(Math.min(active, items.length - 1)) : undefined,
    onSelect: track,
    onInput: track,
  };

  const list = (
    <>
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {open ? `${items.length} ${items.length === 1 ? 'suggestion' : 'suggestions'}: arrow keys to choose, Enter to insert` : ''}
      </div>
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={trigger?.char === '@' ? 'People to mention' : 'Issues and pull requests'}
          className="absolute z-20 mt-1 max-h-64 w-80 max-w-full overflow-y-auto rounded-md border border-gray-200 bg-white py-1 text-sm shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          {items.map((s, i) => (
            <li
              key={s.insert}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // mousedown keeps the focus in the textarea.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(s);
              }}
              className={`flex cursor-pointer items-baseline gap-2 px-3 py-1.5 ${i === active ? 'bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100' : 'text-gray-900 dark:text-gray-100'}`}
            >
              <span className="min-w-0 truncate">{s.label}</span>
              {s.detail && <span className="ml-auto shrink-0 text-xs text-gray-600 dark:text-gray-400">{s.detail}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
  return { inputProps, onKeyDown, list };
}
