// The merge box's choices: which merge styles a repository allows (its default first), and the
// commit title and message Gitea proposes for each (services/pull/merge.go getMergeMessage and
// GetSquashMergeCommitMessages with Gitea's default settings).
import type { components } from '@/lib/api/schema';
import type { PullCommit, PullRequest } from '../api/pull-queries';

type Repository = components['schemas']['Repository'];
export type MergeStyle = NonNullable<components['schemas']['MergePullRequestOption']['Do']>;

export const MERGE_STYLE_ORDER: MergeStyle[] = ['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only', 'manually-merged'];

/** What each style's button says (Gitea's words). */
export const MERGE_STYLE_BUTTON: Record<MergeStyle, string> = {
  merge: 'Create merge commit',
  rebase: 'Rebase then fast-forward',
  'rebase-merge': 'Rebase then create merge commit',
  squash: 'Create squash commit',
  'fast-forward-only': 'Fast-forward only',
  'manually-merged': 'Mark as manually merged',
};

/** The styles the repository allows, its default_merge_style first. */
export function allowedMergeStyles(
  repo: Pick<
    Repository,
    | 'allow_merge_commits'
    | 'allow_rebase'
    | 'allow_rebase_explicit'
    | 'allow_squash_merge'
    | 'allow_fast_forward_only_merge'
    | 'allow_manual_merge'
    | 'default_merge_style'
  >,
): MergeStyle[] {
  const allowed: Record<MergeStyle, boolean> = {
    merge: repo.allow_merge_commits,
    rebase: repo.allow_rebase,
    'rebase-merge': repo.allow_rebase_explicit,
    squash: repo.allow_squash_merge,
    'fast-forward-only': !!repo.allow_fast_forward_only_merge,
    'manually-merged': !!repo.allow_manual_merge,
  };
  const styles = MERGE_STYLE_ORDER.filter((s) => allowed[s]);
  const preferred = styles.find((s) => s === repo.default_merge_style);
  return preferred ? [preferred, ...styles.filter((s) => s !== preferred)] : styles;
}

/** Styles that write a commit of their own, so a title and message can be given. */
export const stylesWithMessage = new Set<MergeStyle>(['merge', 'rebase-merge', 'squash']);

/** How Gitea names the head in a merge title: the branch, or owner/repo:branch from a fork. */
function headName(pull: PullRequest): string {
  const sameRepo = !pull.head.repo || !pull.base.repo || pull.head.repo_id === pull.base.repo_id;
  if (sameRepo) return pull.head.ref;
  return `${pull.head.repo!.full_name}:${pull.head.ref}`;
}

/** Gitea's default title and message for merging `pull` with `style`. */
export function defaultMergeMessage(pull: PullRequest, style: MergeStyle, commits: PullCommit[] = []): { title: string; message: string } {
  if (style === 'squash') {
    // The description, then a Co-authored-by trailer for every other author of the commits.
    let message = pull.body.trim();
    const poster = pull.user;
    const seen = new Set<string>();
    const authors: string[] = [];
    for (const c of commits) {
      const a = c.commit.author;
      const sig = `${a.name} <${a.email}>`;
      if (seen.has(sig)) continue;
      seen.add(sig);
      const isPoster = (c.author && c.author.id === poster.id) || (!!poster.email && a.email.toLowerCase() === poster.email.toLowerCase());
      if (!isPoster) authors.push(sig);
    }
    if (authors.length) message += `${message ? '\n\n' : ''}${authors.map((a) => `Co-authored-by: ${a}`).join('\n')}`;
    return { title: `${pull.title} (#${pull.number})`, message };
  }
  if (style === 'merge' || style === 'rebase-merge') {
    return { title: `Merge pull request '${pull.title}' (#${pull.number}) from ${headName(pull)} into ${pull.base.ref}`, message: '' };
  }
  return { title: '', message: '' };
}

const WIP_PREFIXES = /^\s*(?:wip:|\[wip\])\s*/i;

/** Gitea's default work-in-progress prefixes ("WIP:", "[WIP]"), any case. */
export function hasWipPrefix(title: string): boolean {
  return WIP_PREFIXES.test(title);
}

/** The title without its work-in-progress prefix. */
export function withoutWipPrefix(title: string): string {
  return title.replace(WIP_PREFIXES, '');
}
