// Small labels for a repository's state: private, archived, fork, template, mirror.
import type { Repository } from '../api/repo-queries';

const badge = 'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium leading-4';
const tones = {
  private: 'border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
  archived: 'border-gray-300 bg-gray-100 text-gray-700 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-200',
  neutral: 'border-gray-300 text-gray-600 dark:border-gray-600 dark:text-gray-300',
};

export function RepoBadges({ repo }: { repo: Pick<Repository, 'private' | 'archived' | 'fork' | 'template' | 'mirror'> }) {
  return (
    <>
      {repo.private && <span className={`${badge} ${tones.private}`}>Private</span>}
      {repo.archived && <span className={`${badge} ${tones.archived}`}>Archived</span>}
      {repo.fork && <span className={`${badge} ${tones.neutral}`}>Fork</span>}
      {repo.mirror && <span className={`${badge} ${tones.neutral}`}>Mirror</span>}
      {repo.template && <span className={`${badge} ${tones.neutral}`}>Template</span>}
    </>
  );
}
