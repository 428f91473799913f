// The list of the diff's keyboard shortcuts, opened with "?" or the toolbar button.
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';

export function DiffShortcutsDialog({ open, onClose, viewed }: { open: boolean; onClose: () => void; viewed: boolean }) {
  const keys: [string, string][] = [
    ['j', 'Next file'],
    ['k', 'Previous file'],
    ['n', 'Next comment thread'],
    ['p', 'Previous comment thread'],
    ...(viewed ? ([['v', 'Mark the current file as viewed (or not)']] as [string, string][]) : []),
    ['?', 'Show these shortcuts'],
  ];
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {keys.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="inline-block min-w-7 rounded border border-gray-300 bg-gray-50 px-1.5 py-0.5 text-center font-mono text-xs shadow-sm dark:border-gray-600 dark:bg-gray-800">
                {key}
              </kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-gray-600 dark:text-gray-400">Shortcuts are ignored while you type in a field.</p>
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}
