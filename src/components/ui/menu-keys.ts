// Keyboard movement inside an open menu, as the WAI-ARIA menu pattern asks: ArrowDown/ArrowUp move
// to the next/previous item (wrapping), Home/End to the first/last. Shared by every dropdown
// (user menu, comment menu, filter menus) so they all answer the keys the same way.
import type { KeyboardEvent } from 'react';

export const MENU_ITEMS = '[role^="menuitem"]';

/** The items of `menu` matching `selector` that can take focus now. */
function items(menu: HTMLElement, selector: string) {
  return Array.from(menu.querySelectorAll<HTMLElement>(selector)).filter((el) => !el.matches(':disabled'));
}

/** Focuses the first item of `menu` (call when it opens). */
export function focusFirstItem(menu: HTMLElement | null, selector = MENU_ITEMS) {
  if (menu) items(menu, selector)[0]?.focus();
}

/** onKeyDown for the menu's container: moves focus between its items. */
export function onMenuArrowKeys(e: KeyboardEvent<HTMLElement>, selector = MENU_ITEMS) {
  // A select or a text area uses the arrow keys itself.
  if ((e.target as HTMLElement).closest('select, textarea')) return;
  const list = items(e.currentTarget, selector);
  if (list.length === 0) return;
  const at = list.indexOf(document.activeElement as HTMLElement);
  let next: number;
  if (e.key === 'ArrowDown') next = at < 0 ? 0 : (at + 1) % list.length;
  else if (e.key === 'ArrowUp') next = at < 0 ? list.length - 1 : (at - 1 + list.length) % list.length;
  else if (e.key === 'Home') next = 0;
  else if (e.key === 'End') next = list.length - 1;
  else return;
  e.preventDefault();
  list[next].focus();
}
