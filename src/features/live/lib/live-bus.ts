// The page's live messages, for components that react to one (the "new comment" pill): the hook
// that owns the EventSource publishes here; subscribers get every message of the current page.
import type { LiveMessage } from './live-keys';

type Listener = (m: LiveMessage) => void;
const listeners = new Set<Listener>();

export function publishLive(m: LiveMessage): void {
  for (const l of listeners) l(m);
}

export function subscribeLive(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
