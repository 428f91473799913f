// A dropdown of the top bar, as the WAI-ARIA menu button pattern has it: a click or ArrowDown opens
// it with focus on its first item, the arrow keys, Home and End move between items, Escape closes it
// and returns focus to the button, a click outside closes it. The user menu and the "+" menu use it.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { focusFirstItem, onMenuArrowKeys } from '@/components/ui/menu-keys';

export const menuItemClass =
  'block w-full px-3 py-2 text-left text-sm hover:bg-gray-100 focus:bg-gray-100 focus:outline-none dark:hover:bg-gray-800 dark:focus:bg-gray-800';

export function TopBarMenu({
  label,
  buttonLabel,
  buttonContent,
  buttonClassName,
  children,
}: {
  /** The menu's accessible name. */
  label: string;
  /** The button's accessible name; it must contain the button's visible text (WCAG 2.5.3). */
  buttonLabel: string;
  buttonContent: ReactNode;
  buttonClassName: string;
  /** The items; `close` closes the menu (call it when an item is chosen). */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) focusFirstItem(menu.current);
  }, [open]);
  return (
    <div
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={buttonLabel}
        title={buttonLabel}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className={buttonClassName}
      >
        {buttonContent}
      </button>
      {open && (
        <>
          <div className="fixed inset-0 z-10" onClick={() => setOpen(false)} aria-hidden />
          <div
            ref={menu}
            role="menu"
            aria-label={label}
            onKeyDown={onMenuArrowKeys}
            className="absolute right-0 z-20 mt-1 w-52 overflow-hidden rounded-md border border-gray-200 bg-white py-1 text-gray-900 shadow-lg dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
          >
            {children(() => setOpen(false))}
          </div>
        </>
      )}
    </div>
  );
}
