// Reads the op-specific content of a feed record, as Gitea writes it.

export interface PushedCommit {
  sha: string;
  message: string;
}

/** commit_repo content: JSON with Commits (Gitea's PushCommits), newest first. */
export function pushedCommits(content: string): { commits: PushedCommit[]; total: number } {
  try {
    const j = JSON.parse(content) as { Commits?: { Sha1?: string; Message?: string }[]; Len?: number };
    const commits = (j.Commits ?? []).filter((c) => c.Sha1).map((c) => ({ sha: c.Sha1!, message: (c.Message ?? '').split('\n')[0] }));
    return { commits, total: Math.max(j.Len ?? 0, commits.length) };
  } catch {
    return { commits: [], total: 0 };
  }
}

/** Issue and pull request records carry "index|text". */
export function indexAndText(content: string): { index: number | null; text: string } {
  const bar = content.indexOf('|');
  const head = bar < 0 ? content : content.slice(0, bar);
  const n = Number(head);
  return Number.isInteger(n) && n > 0 ? { index: n, text: bar < 0 ? '' : content.slice(bar + 1) } : { index: null, text: content };
}

/** refs/heads/x → x, refs/tags/v1 → v1. */
export const shortRef = (ref: string) => ref.replace(/^refs\/(heads|tags)\//, '');
