// A disclosure menu for one list filter (built on <details>, so it opens with the keyboard and
// needs no script to stay accessible). Clicking elsewhere or Escape closes it; a choice closes it through `close`.
// Opening focuses the first choice; arrow keys, Home and End move between choices, as in a menu.
import { useEffect, useRef, type ReactNode } from 'react';
import { focusFirstItem, onMenuArrowKeys } from './menu-keys';

const CHOICES = 'input, button:not([disabled]), a[href]';

export function FilterMenu({
  label,
  active,
  children,
  align = 'left',
}: {
  label: string;
  active?: boolean;
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => ref.current?.removeAttribute('open');
  useEffect(() => {
    // Clicking anywhere else closes an open menu, as a dropdown should.
    const onDown = (e: MouseEvent) => {
      if (ref.current?.open && !ref.current.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && ref.current?.open) {
        close();
        ref.current.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return (
    <details ref={ref} className="relative" onToggle={(e) => e.currentTarget.open && focusFirstItem(e.currentTarget.querySelector('div'), CHOICES)}>
      <summary
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown' || !ref.current) return;
          e.preventDefault();
          // Opens the menu; if it is already open (its choices may have loaded after it opened), goes into it.
          if (!ref.current.open) ref.current.setAttribute('open', '');
          else focusFirstItem(ref.current.querySelector('div'), CHOICES);
        }}
        className={`flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1 text-sm select-none hover:bg-gray-100 dark:hover:bg-gray-800 [&::-webkit-details-marker]:hidden ${
          active ? 'font-semibold text-indigo-700 dark:text-indigo-300' : 'text-gray-700 dark:text-gray-300'
        }`}
      >
        {label}
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden className="fill-current">
          <path d="M4.427 7.427l3.396 3.396a.25.25 0 0 0 .354 0l3.396-3.396A.25.25 0 0 0 11.396 7H4.604a.25.25 0 0 0-.177.427Z" />
        </svg>
      </summary>
      <div
        onKeyDown={(e) => onMenuArrowKeys(e, CHOICES)}
        className={`absolute z-20 mt-1 max-h-80 w-64 max-w-[calc(100vw-2rem)] overflow-auto rounded-md border border-gray-200 bg-white p-2 text-sm shadow-lg dark:border-gray-700 dark:bg-gray-900 ${
          align === 'right' ? 'right-0' : 'left-0'
        }`}
      >
        {children(close)}
      </div>
    </details>
  );
}
