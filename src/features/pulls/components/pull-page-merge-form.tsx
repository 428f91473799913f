// The merge form: the style (those the repository allows, its default first), the commit title and
// message Gitea would write (editable, kept per style while the person switches back and forth),
// "Delete branch after merge", and "Merge when checks succeed" while checks are pending. While
// branch protection blocks, the merge button is disabled (scheduling stays possible: the scheduled
// merge waits for every rule), and a repository admin may get Gitea's "Merge anyway" (force_merge).
// A refused merge shows the server's message beside the button and keeps everything typed.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { errorMessage } from '@/lib/api/api-error';
import type { PullCommit, PullRequest } from '../api/pull-queries';
import { useMergePull } from '../api/use-merge-pull';
import { defaultMergeMessage, MERGE_STYLE_BUTTON, stylesWithMessage, type MergeStyle } from '../lib/merge-message';

export interface MergeFormProps {
  owner: string;
  repo: string;
  pull: PullRequest;
  styles: MergeStyle[];
  /** The head's checks are still running (or a required one has not reported): offer to merge when they succeed. */
  checksPending: boolean;
  /** Branch protection blocks merging now; the merge buttons are disabled. */
  blocked?: boolean;
  /** The viewer (a repository admin) may merge despite the blocking rules: offers "Merge anyway". */
  canForce?: boolean;
  defaultDeleteBranch: boolean;
  commits?: PullCommit[];
  onScheduled: () => void;
}

type Drafts = Partial<Record<MergeStyle, { title: string; message: string }>>;

export function MergeForm({
  owner,
  repo,
  pull,
  styles,
  checksPending,
  blocked = false,
  canForce = false,
  defaultDeleteBranch,
  commits,
  onScheduled,
}: MergeFormProps) {
  const id = useId();
  const [picked, setStyle] = useState<MergeStyle>(styles[0]!);
  // The allowed styles can change under the form (the pull request became conflicting).
  const style = styles.includes(picked) ? picked : styles[0]!;
  const [drafts, setDrafts] = useState<Drafts>({});
  const [commitId, setCommitId] = useState('');
  const [deleteBranch, setDeleteBranch] = useState(defaultDeleteBranch);
  const merge = useMergePull(owner, repo, pull.number);

  // Each style starts from Gitea's proposal; what the person types is kept for that style.
  const draft = drafts[style] ?? defaultMergeMessage(pull, style, commits);
  const setDraft = (change: Partial<{ title: string; message: string }>) => setDrafts((d) => ({ ...d, [style]: { ...draft, ...change } }));
  const withMessage = stylesWithMessage.has(style);
  const manual = style === 'manually-merged';
  const offerAuto = checksPending && !manual;
  // Gitea checks no rule when marking a pull request as manually merged.
  const held = blocked && !manual;

  const submit = (whenChecksSucceed: boolean, force = false) => {
    if (manual && !commitId.trim()) return;
    if (held && !whenChecksSucceed && !force) return;
    merge.mutate(
      {
        Do: style,
        ...(withMessage ? { MergeTitleField: draft.title, MergeMessageField: draft.message } : {}),
        ...(manual ? { MergeCommitID: commitId.trim() } : { head_commit_id: pull.head.sha, delete_branch_after_merge: deleteBranch }),
        ...(whenChecksSucceed ? { merge_when_checks_succeed: true } : {}),
        ...(force ? { force_merge: true } : {}),
      },
      { onSuccess: (result) => result === 'scheduled' && onScheduled() },
    );
  };

  return (
    <form
      aria-label="Merge pull request"
      className="space-y-3 border-t border-gray-200 px-4 py-3 dark:border-gray-800"
      onSubmit={(e) => {
        e.preventDefault();
        submit(offerAuto);
      }}
    >
      {styles.length > 1 && (
        <div className="space-y-1">
          <label htmlFor={`${id}-style`} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
            Merge style
          </label>
          <select
            id={`${id}-style`}
            className={`${inputClass} sm:w-auto`}
            value={style}
            onChange={(e) => setStyle(e.target.value as MergeStyle)}
            disabled={merge.isPending}
          >
            {styles.map((s) => (
              <option key={s} value={s}>
                {MERGE_STYLE_BUTTON[s]}
              </option>
            ))}
          </select>
        </div>
      )}
      {withMessage && (
        <>
          <div className="space-y-1">
            <label htmlFor={`${id}-title`} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
              Commit title
            </label>
            <input
              id={`${id}-title`}
              className={inputClass}
              value={draft.title}
              onChange={(e) => setDraft({ title: e.target.value })}
              disabled={merge.isPending}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-message`} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
              Commit message
            </label>
            <textarea
              id={`${id}-message`}
              className={`${inputClass} min-h-24 font-mono text-xs`}
              value={draft.message}
              onChange={(e) => setDraft({ message: e.target.value })}
              disabled={merge.isPending}
            />
          </div>
        </>
      )}
      {manual ? (
        <div className="space-y-1">
          <label htmlFor={`${id}-commit`} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
            Merge commit ID
          </label>
          <input
            id={`${id}-commit`}
            className={`${inputClass} font-mono`}
            value={commitId}
            onChange={(e) => setCommitId(e.target.value)}
            required
            placeholder="The commit on the base branch that merged these changes"
            disabled={merge.isPending}
          />
        </div>
      ) : (
        <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
          <input
            type="checkbox"
            className="h-4 w-4 accent-indigo-600"
            checked={deleteBranch}
            onChange={(e) => setDeleteBranch(e.target.checked)}
            disabled={merge.isPending}
          />
          Delete branch after merge
        </label>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={merge.isPending || (manual && !commitId.trim()) || (held && !offerAuto)}>
          {merge.isPending ? 'Merging…' : offerAuto ? 'Merge when checks succeed' : MERGE_STYLE_BUTTON[style]}
        </Button>
        {offerAuto && (
          <Button onClick={() => submit(false)} disabled={merge.isPending || held} className="disabled:opacity-50">
            {MERGE_STYLE_BUTTON[style]} now
          </Button>
        )}
        {held && canForce && (
          <Button variant="danger" onClick={() => submit(false, true)} disabled={merge.isPending}>
            Merge anyway
          </Button>
        )}
        {merge.isError && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errorMessage(merge.error)}
          </p>
        )}
      </div>
    </form>
  );
}
