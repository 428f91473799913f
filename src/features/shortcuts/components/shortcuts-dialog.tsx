// The "?" dialog: every keyboard shortcut the app has, grouped by where it works.
import { Dialog } from '@/components/ui/dialog';

export interface ShortcutInfo {
  keys: string[];
  description: string;
}

export const SHORTCUT_GROUPS: { title: string; shortcuts: ShortcutInfo[] }[] = [
  {
    title: 'Anywhere',
    shortcuts: [
      { keys: ['/'], description: 'Focus the search box' },
      { keys: ['?'], description: 'Show this list of shortcuts' },
    ],
  },
  {
    title: 'In a repository',
    shortcuts: [
      { keys: ['t'], description: 'Go to file: find a file by name' },
      { keys: ['g', 'c'], description: 'Go to the code' },
      { keys: ['g', 'i'], description: 'Go to the issues' },
      { keys: ['g', 'p'], description: 'Go to the pull requests' },
    ],
  },
  {
    title: 'In the file finder',
    shortcuts: [
      { keys: ['↑', '↓'], description: 'Move through the matches' },
      { keys: ['Enter'], description: 'Open the selected file' },
      { keys: ['Esc'], description: 'Close' },
    ],
  },
];

const kbd =
  'rounded border border-gray-300 bg-gray-50 px-1.5 py-0.5 font-mono text-xs text-gray-800 shadow-sm dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100';

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts">
      <div className="space-y-4">
        {SHORTCUT_GROUPS.map((g) => (
          <section key={g.title} aria-label={g.title}>
            <h3 className="mb-1 text-sm font-semibold text-gray-700 dark:text-gray-300">{g.title}</h3>
            <dl className="divide-y divide-gray-100 rounded-md border border-gray-200 text-sm dark:divide-gray-800 dark:border-gray-800">
              {g.shortcuts.map((s) => (
                <div key={s.description} className="flex items-center justify-between gap-3 px-3 py-1.5">
                  <dt className="text-gray-800 dark:text-gray-200">{s.description}</dt>
                  <dd className="flex shrink-0 items-center gap-1">
                    {s.keys.map((k, i) => (
                      <span key={k} className="flex items-center gap-1">
                        {i > 0 && <span className="text-xs text-gray-600 dark:text-gray-400">{s.keys.length === 2 && s.keys[0] === 'g' ? 'then' : 'or'}</span>}
                        <kbd className={kbd}>{k}</kbd>
                      </span>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <div className="flex justify-end">
          <button
            type="button"
            onClick={onClose}
            className="rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800"
          >
            Close
          </button>
        </div>
      </div>
    </Dialog>
  );
}
