// Global single-key shortcuts and two-key sequences ("g c"), as GitHub has them. Keys typed into a
// field, with Ctrl/Alt/Meta held, or while a dialog is open are left alone.
import { useEffect, useRef } from 'react';

/** Keys are as KeyboardEvent.key gives them; a sequence is two keys separated by a space. */
export type ShortcutHandlers = Partial<Record<string, () => void>>;

/** How long the second key of a sequence may wait. */
const SEQUENCE_MS = 1500;

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}

export function useKeyboardShortcuts(handlers: ShortcutHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    let pending: { key: string; at: number } | null = null;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (isTypingTarget(e.target) || document.querySelector('dialog[open]')) {
        pending = null;
        return;
      }
      const h = latest.current;
      const key = e.key;
      if (pending && e.timeStamp - pending.at < SEQUENCE_MS) {
        const run = h[`${pending.key} ${key}`];
        pending = null;
        if (run) {
          e.preventDefault();
          run();
          return;
        }
      }
      pending = null;
      // A key that starts a sequence waits for its second key.
      if (Object.keys(h).some((k) => k.startsWith(`${key} `) && h[k])) {
        pending = { key, at: e.timeStamp };
        return;
      }
      const run = h[key];
      if (run) {
        e.preventDefault();
        run();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
