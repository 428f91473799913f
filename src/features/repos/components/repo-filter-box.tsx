// A "find a repository" box that filters a list as you type, kept in the URL (?<param>=) so the
// filtered view survives reloads and can be shared. Typing resets the list's page.
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { inputClass } from '@/components/ui/field';

export function RepoFilterBox({ param = 'q', pageParam = 'page', label = 'Find a repository' }: { param?: string; pageParam?: string; label?: string }) {
  const [params, setParams] = useSearchParams();
  const current = params.get(param) ?? '';
  const [text, setText] = useState(current);
  const id = useId();

  // Follow the URL when it changes from outside (back/forward, a link).
  const [seen, setSeen] = useState(current);
  if (seen !== current) {
    setSeen(current);
    if (current !== text.trim()) setText(current);
  }

  useEffect(() => {
    const value = text.trim();
    if (value === current) return;
    // Wait for a pause in typing so each keystroke is not a request.
    const t = setTimeout(() => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(param, value);
          else next.delete(param);
          next.delete(pageParam);
          return next;
        },
        { replace: true },
      );
    }, 300);
    return () => clearTimeout(t);
  }, [text, current, param, pageParam, setParams]);

  return (
    <div role="search" aria-label={label}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={`${label}…`} className={inputClass} />
    </div>
  );
}
