// Unified / split switch. The choice is kept for the signed-in user as Gitea keeps it (the user
// setting diff_view_style), so every diff opens the way they left it; the URL's ?style=split or
// ?style=unified, when present, wins, so a shared link opens the same view.
import { useSearchParams } from 'react-router';
import { useSession } from '@/lib/auth-store';
import { useSaveDiffStyle, useSavedDiffStyle } from '../api/diff-style-setting';

export type DiffStyle = 'unified' | 'split';

/** The URL's choice, else the user's saved one, else unified. */
export function useDiffStyle(): DiffStyle {
  const [params] = useSearchParams();
  const saved = useSavedDiffStyle();
  const inUrl = params.get('style');
  if (inUrl === 'split' || inUrl === 'unified') return inUrl;
  return saved ?? 'unified';
}

export function DiffStyleToggle() {
  const [params, setParams] = useSearchParams();
  const style = useDiffStyle();
  const saved = useSavedDiffStyle();
  const save = useSaveDiffStyle();
  const signedIn = !!useSession();
  const inUrl = (s: DiffStyle | null) => {
    const next = new URLSearchParams(params);
    if (s) next.set('style', s);
    else next.delete('style');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const set = (s: DiffStyle) => {
    // Signed out: the URL says split, unified is the default.
    if (!signedIn) return inUrl(s === 'split' ? s : null);
    // Signed in: the URL says it too (a link copied now opens the same view, as Gitea's ?style=),
    // and the saved choice decides for pages opened without ?style from now on. Saved also while
    // the setting is still loading (a click then was lost); a server without it refuses, and the
    // URL keeps the choice.
    inUrl(s);
    if (saved !== s) save.mutate(s);
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
