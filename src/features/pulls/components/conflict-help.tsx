// How to resolve a conflicting pull request on one's own machine, as Gitea and GitHub show it: fetch,
// check out the head branch, merge the base into it, resolve, commit and push. A pull request from a
// fork fetches the head from the fork's clone URL.
import { CopyButton } from '@/components/ui/copy-button';
import type { PullRequest } from '../api/pull-queries';

/** The commands, one per line ("#" lines say what to do by hand). */
export function conflictCommands(pull: PullRequest, conflictedFiles: string[] = []): string[] {
  const head = pull.head.ref;
  const base = pull.base.ref;
  const fromFork = !!pull.head.repo && pull.head.repo_id !== pull.base.repo_id;
  const add = conflictedFiles.length ? `git add ${conflictedFiles.map(quote).join(' ')}` : 'git add <the files you fixed>';
  const fetchHead = fromFork
    ? [`git fetch ${pull.head.repo!.clone_url} ${head}`, `git checkout -b ${head} FETCH_HEAD`]
    : ['git fetch origin', `git checkout ${head}`];
  return [
    ...fetchHead,
    fromFork ? `git fetch origin ${base}` : null,
    `git merge origin/${base}`,
    '# Fix the conflicts in your editor, then:',
    add,
    'git commit',
    fromFork ? `git push ${pull.head.repo!.clone_url} ${head}` : `git push origin ${head}`,
  ].filter((l): l is string => l !== null);
}

// A path with spaces or shell characters is quoted, so the line can be pasted as it is.
const quote = (p: string) => (/^[\w./@+-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`);

export function ConflictHelp({ pull }: { pull: PullRequest }) {
  const lines = conflictCommands(pull, pull.conflicted_files ?? []);
  return (
    <details className="group text-gray-700 dark:text-gray-300">
      <summary className="cursor-pointer font-medium text-indigo-700 hover:underline dark:text-indigo-300">Resolve the conflicts on your machine</summary>
      <p className="mt-2 text-gray-600 dark:text-gray-400">
        Merge <code className="text-xs">{pull.base.ref}</code> into <code className="text-xs">{pull.head.ref}</code>, fix the conflicting files, and push: the
        pull request updates itself.
      </p>
      <div className="relative mt-2">
        <pre
          role="group"
          aria-label="Commands to resolve the conflicts"
          tabIndex={0}
          className="overflow-x-auto rounded-md bg-gray-100 p-3 pr-12 font-mono text-xs text-gray-900 dark:bg-gray-950 dark:text-gray-100"
        >
          {lines.join('\n')}
        </pre>
        <CopyButton text={lines.join('\n')} label="Copy the commands" className="absolute top-2 right-2" />
      </div>
    </details>
  );
}
