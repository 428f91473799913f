// Unified / split switch, kept in the URL as ?style=split so a shared link opens the same view.
import { useSearchParams } from 'react-router';

export type DiffStyle = 'unified' | 'split';

export function useDiffStyle(): DiffStyle {
  const [params] = useSearchParams();
  return params.get('style') === 'split' ? 'split' : 'unified';
}

export function DiffStyleToggle() {
  const [params, setParams] = useSearchParams();
  const style = useDiffStyle();
  const set = (s: DiffStyle) => {
    const next = new URLSearchParams(params);
    if (s === 'split') next.set('style', 'split');
    else next.delete('style');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const cls = (on: boolean) =>
    `px-2.5 py-1 text-xs font-medium ${on ? 'bg-gray-800 text-white dark:bg-gray-200 dark:text-gray-900' : 'bg-white text-gray-700 hover:bg-gray-50 dark:bg-gray-900 dark:text-gray-300 dark:hover:bg-gray-800'}`;
  return (
    <div role="group" aria-label="Diff view" className="inline-flex overflow-hidden rounded-md border border-gray-300 dark:border-gray-700">
      <button type="button" aria-pressed={style === 'unified'} className={cls(style === 'unified')} onClick={() => set('unified')}>
        Unified
      </button>
      <button
        type="button"
        aria-pressed={style === 'split'}
        className={`${cls(style === 'split')} border-l border-gray-300 dark:border-gray-700`}
        onClick={() => set('split')}
      >
        Split
      </button>
    </div>
  );
}
