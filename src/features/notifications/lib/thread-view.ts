// What a notification thread shows: where it leads in this app (the subject's web address has the
// app's own paths, on the embedded server and on Gitea alike), its number, kind and state.
import type { NotificationThread } from '../api/notification-queries';

/** The app path of the thread's subject (its latest comment when there is one). */
export function threadHref(t: NotificationThread): string {
  const target = t.subject.latest_comment_html_url || t.subject.html_url;
  if (!target) return '/';
  try {
    const u = new URL(target);
    return u.pathname + u.hash;
  } catch {
    return target;
  }
}

/** The issue or pull request number, from the subject's API address (…/issues/{n}). */
export function threadNumber(t: NotificationThread): number | undefined {
  const m = /\/(?:issues|pulls)\/(\d+)$/.exec(t.subject.url || t.subject.html_url);
  return m ? Number(m[1]) : undefined;
}

export function threadKind(t: NotificationThread): string {
  return { Issue: 'Issue', Pull: 'Pull request', Commit: 'Commit', Repository: 'Repository', Release: 'Release' }[t.subject.type];
}

/** What the row says the thread is about: a commit's subject line (its title is the whole message), else the title. */
export function threadTitle(t: NotificationThread): string {
  return t.subject.type === 'Commit' ? (t.subject.title.split('\n', 1)[0] ?? '') : t.subject.title;
}

export function threadState(t: NotificationThread): string {
  return { open: 'Open', closed: 'Closed', merged: 'Merged', '': '' }[t.subject.state ?? ''] ?? '';
}

/** Threads grouped by repository, in the order they come (newest first). */
export function groupByRepo(threads: NotificationThread[]): { repo: string; threads: NotificationThread[] }[] {
  const groups = new Map<string, NotificationThread[]>();
  for (const t of threads) {
    const key = t.repository?.full_name ?? '';
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  return [...groups].map(([repo, list]) => ({ repo, threads: list }));
}

/** What a page shows, for marking its threads read when viewed (Gitea marks an issue's on its page). */
export type ViewedSubject = { kind: 'issue' | 'pull'; index: number } | { kind: 'commit'; sha: string } | { kind: 'release'; tag: string };

/** The last path segments of the subject's web address after `marker` (decoded), or undefined. */
function afterInPath(t: NotificationThread, marker: string): string | undefined {
  let path: string;
  try {
    path = new URL(t.subject.html_url).pathname;
  } catch {
    path = t.subject.html_url.split(/[?#]/, 1)[0] ?? '';
  }
  const at = path.indexOf(marker);
  if (at < 0) return undefined;
  try {
    return decodeURIComponent(path.slice(at + marker.length));
  } catch {
    return undefined;
  }
}

/** Whether the thread is about what the page shows (a shortened commit id matches its full one). */
export function threadIsAbout(t: NotificationThread, s: ViewedSubject): boolean {
  switch (s.kind) {
    case 'issue':
    case 'pull':
      return t.subject.type === (s.kind === 'issue' ? 'Issue' : 'Pull') && threadNumber(t) === s.index;
    case 'release':
      return t.subject.type === 'Release' && afterInPath(t, '/releases/tag/') === s.tag;
    case 'commit': {
      const sha = afterInPath(t, '/commit/')?.toLowerCase();
      const want = s.sha.toLowerCase();
      return t.subject.type === 'Commit' && !!sha && want.length >= 7 && (sha.startsWith(want) || want.startsWith(sha));
    }
  }
}
