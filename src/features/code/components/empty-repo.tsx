// What an empty repository shows: how to push a first commit, with the clone URL filled in.
import { CopyButton } from '@/components/ui/copy-button';

export function EmptyRepo({ cloneUrl, defaultBranch, canPush }: { cloneUrl: string; defaultBranch: string; canPush: boolean }) {
  const branch = defaultBranch || 'main';
  const fresh = [
    'touch README.md',
    'git init',
    `git checkout -b ${branch}`,
    'git add README.md',
    'git commit -m "first commit"',
    `git remote add origin ${cloneUrl}`,
    `git push -u origin ${branch}`,
  ].join('\n');
  const existing = [`git remote add origin ${cloneUrl}`, `git push -u origin ${branch}`].join('\n');
  return (
    <section aria-labelledby="empty-title" className="rounded-lg border border-gray-200 p-4 sm:p-6 dark:border-gray-800">
      <h2 id="empty-title" className="text-lg font-semibold">
        This repository is empty
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{canPush ? 'Push some commits to get started.' : 'Nothing has been pushed here yet.'}</p>
      {canPush && (
        <>
          <Commands title="Create a new repository on the command line" text={fresh} />
          <Commands title="Push an existing repository from the command line" text={existing} />
        </>
      )}
    </section>
  );
}

function Commands({ title, text }: { title: string; text: string }) {
  return (
    <div className="mt-5">
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{title}</h3>
        <CopyButton text={text} label={`Copy: ${title}`} />
      </div>
      {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it (axe scrollable-region-focusable). */}
      <pre tabIndex={0} role="group" aria-label={title} className="overflow-x-auto rounded-md bg-gray-100 p-3 font-mono text-xs leading-5 dark:bg-gray-900">
        <code>{text}</code>
      </pre>
    </div>
  );
}
