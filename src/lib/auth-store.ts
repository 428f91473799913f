// The signed-in session: a token and the login it belongs to, kept in localStorage.
import { useSyncExternalStore } from 'react';

export interface Session {
  token: string;
  login: string;
}

const KEY = 'forge.session';
const listeners = new Set<() => void>();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

let session: Session | null = typeof localStorage === 'undefined' ? null : read();

export const getSession = () => session;

export function setSession(next: Session | null) {
  session = next;
  if (next) localStorage.setItem(KEY, JSON.stringify(next));
  else localStorage.removeItem(KEY);
  listeners.forEach((l) => l());
}

function subscribe(l: () => void) {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) {
      session = read();
      l();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

export const useSession = () => useSyncExternalStore(subscribe, getSession, () => null);
