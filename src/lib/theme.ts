// Light, dark or system theme; the choice is kept in localStorage and applied as <html class="dark">.
import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'light' | 'dark' | 'system';
const KEY = 'forge.theme';
const listeners = new Set<() => void>();
const media = () => window.matchMedia('(prefers-color-scheme: dark)');

const choice = (): ThemeChoice => (localStorage.getItem(KEY) as ThemeChoice | null) ?? 'system';
const resolve = (c: ThemeChoice) => (c === 'system' ? (media().matches ? 'dark' : 'light') : c);

function apply() {
  document.documentElement.classList.toggle('dark', resolve(choice()) === 'dark');
  listeners.forEach((l) => l());
}

export function setTheme(c: ThemeChoice) {
  localStorage.setItem(KEY, c);
  apply();
}

function subscribe(l: () => void) {
  listeners.add(l);
  const m = media();
  m.addEventListener('change', apply);
  return () => {
    listeners.delete(l);
    m.removeEventListener('change', apply);
  };
}

const snapshot = () => `${choice()}:${resolve(choice())}`;

export function useTheme() {
  const [c, r] = useSyncExternalStore(subscribe, snapshot, () => 'system:light').split(':') as [ThemeChoice, 'light' | 'dark'];
  return { choice: c, resolved: r, setTheme };
}
