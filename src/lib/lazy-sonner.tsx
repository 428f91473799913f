// What the app imports as 'sonner' in a build (vite.config.ts points it here): the same `toast`
// and `Toaster`, but sonner itself (9 KB gzipped) downloads only when the first toast is raised,
// not with every page. Calls made before it arrives wait in a queue and run once the real
// Toaster is on screen, so none is lost. Each toast gets its id here, so the id `toast()` returns
// at once is the one sonner uses (for `toast.dismiss(id)`).
import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentProps } from 'react';
import type * as Sonner from 'sonner';

type Module = typeof Sonner;
type Data = Parameters<Module['toast']>[1];

let loaded: Module | undefined;
let ready = false;
let wanted = false;
const queue: ((m: Module) => void)[] = [];
const listeners = new Set<() => void>();
let nextId = 0;

const load = () => import('sonner');
const RealToaster = lazy(() => load().then((m) => ({ default: m.Toaster })));

function run(fn: (m: Module) => void) {
  if (loaded && ready) {
    fn(loaded);
    return;
  }
  queue.push(fn);
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
}

function flush(m: Module) {
  loaded = m;
  ready = true;
  for (const fn of queue.splice(0)) fn(m);
}

const withId = (data: Data): Data & { id: string | number } => ({ ...data, id: data?.id ?? `t${++nextId}` });

type Kind = 'success' | 'info' | 'warning' | 'error' | 'message' | 'loading';
const variant =
  (kind: Kind) =>
  (message: Parameters<Module['toast'][Kind]>[0], data?: Data): string | number => {
    const d = withId(data);
    run((m) => m.toast[kind](message, d));
    return d.id;
  };

export const toast = Object.assign(
  (message: Parameters<Module['toast']>[0], data?: Data): string | number => {
    const d = withId(data);
    run((m) => m.toast(message, d));
    return d.id;
  },
  {
    success: variant('success'),
    info: variant('info'),
    warning: variant('warning'),
    error: variant('error'),
    message: variant('message'),
    loading: variant('loading'),
    dismiss: (id?: string | number) => {
      run((m) => m.toast.dismiss(id));
      return id ?? '';
    },
  },
);

/** Marks the real Toaster as on screen (its effects ran first: it is the earlier sibling) and runs what waited. */
function Flush() {
  useEffect(() => {
    void load().then(flush);
    return () => {
      ready = false;
    };
  }, []);
  return null;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function Toaster(props: ComponentProps<Module['Toaster']>) {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <RealToaster {...props} />
      <Flush />
    </Suspense>
  );
}
