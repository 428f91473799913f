// Whether the head can merge into the base, from our server's compare extension. A Gitea server
// does not say (mergeable absent): then nothing is shown rather than a guess. Nor is it said when a
// side is a tag or a commit: only branches merge.
import type { Compare } from '../api/compare-queries';
import { CheckIcon, CrossIcon } from '@/components/ui/octicons';

export function CompareMergeStatus({ compare, base, head, branches = true }: { compare: Compare; base: string; head: string; branches?: boolean }) {
  if (compare.total_commits === 0) {
    return (
      <Line ok>
        <strong>{base}</strong> is already up to date with all commits from <strong>{head}</strong>.{branches ? ' There is nothing to merge.' : ''}
      </Line>
    );
  }
  if (compare.mergeable === undefined || !branches) return null;
  if (compare.mergeable) {
    return (
      <Line ok>
        <strong>These branches can be merged.</strong> Git will merge them automatically.
      </Line>
    );
  }
  if (!compare.merge_base) {
    return (
      <Line>
        <strong>Cannot be merged:</strong> these branches have no history in common.
      </Line>
    );
  }
  const files = compare.conflicted_files ?? [];
  return (
    <Line>
      <strong>Cannot be merged automatically</strong>
      {files.length > 0 && (
        <>
          : conflicts in{' '}
          {files.map((f, i) => (
            <span key={f}>
              {i > 0 && ', '}
              <code className="rounded bg-red-100 px-1 font-mono text-xs dark:bg-red-950">{f}</code>
            </span>
          ))}
        </>
      )}
      . You can still open the pull request and resolve the conflicts there.
    </Line>
  );
}

function Line({ ok, children }: { ok?: boolean; children: React.ReactNode }) {
  return (
    <p
      role="status"
      className={`flex items-start gap-2 rounded-md border px-3 py-2 text-sm ${
        ok
          ? 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/50 dark:text-green-200'
          : 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200'
      }`}
    >
      <span className="mt-0.5">{ok ? <CheckIcon /> : <CrossIcon />}</span>
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}
