// The diff's keyboard shortcuts: one keydown listener on the document, ignored while typing in a field.
import { useEffect, type RefObject } from 'react';

function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

/** While `keyboard` is on, a key press goes to `actions.current`; a key it handles (returns true) is taken. */
export function useDiffKeys(keyboard: boolean | undefined, actions: RefObject<(key: string) => boolean>) {
  useEffect(() => {
    if (!keyboard) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      // Another dialog (or ours) is open: its keys are its own.
      if (document.querySelector('dialog[open]')) return;
      if (actions.current(e.key)) e.preventDefault();
    };
    // In the capture phase: the diff's own keys (j/k/n/p/v/?) win over the app-wide shortcuts,
    // which leave a key alone once it is handled (defaultPrevented); '?' lists the diff's keys here.
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [keyboard, actions]);
}
