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

/**
 * A comment's Markdown as one line of plain text for a feed, as Gitea's feeds show it: table pipes
 * and separator rows, headings, emphasis, code fences, quotes and list markers go; link and image
 * text stays. Drawing the Markdown would load the renderer for a two-line excerpt.
 */
export function markdownExcerpt(source: string): string {
  return source
    .split('\n')
    .filter((line) => !/^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line)) // table separator rows
    .filter((line) => !/^\s*(```|~~~)/.test(line)) // fence lines (the code inside stays, as text)
    .map((line) =>
      line
        .replace(/^\s*>+\s?/, '') // quotes
        .replace(/^\s*#{1,6}\s+/, '') // headings
        .replace(/^\s*(?:[*+-]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '') // list markers and task boxes
        .replace(/^\s*\|/, '')
        .replace(/\|\s*$/, '')
        .replace(/\s*\|\s*/g, ' · ') // table cells
        .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images → alt text
        .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1') // links → their text
        .replace(/<[^>]+>/g, '') // inline HTML
        .replace(/(\*\*|__|~~)(.+?)\1/g, '$2')
        .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, '$1$2')
        .replace(/`([^`]*)`/g, '$1')
        .trim(),
    )
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
