// Which branch the signed-in user pushed to lately that could become a pull request: their newest
// push (within the window) to a branch other than the default one, still there, with no open pull
// request from it. Read from the repository's activity feed, newest first.
import type { components } from '@/lib/api/schema';

type Activity = components['schemas']['Activity'];

export const RECENT_PUSH_MS = 2 * 60 * 60 * 1000;

export interface RecentPush {
  branch: string;
  /** When the push happened (RFC 3339). */
  at: string;
}

export function recentPush(
  feed: Activity[],
  opts: { login: string; defaultBranch: string; openHeads: Set<string>; now?: number; withinMs?: number },
): RecentPush | null {
  const now = opts.now ?? Date.now();
  const within = opts.withinMs ?? RECENT_PUSH_MS;
  const gone = new Set<string>();
  for (const a of feed) {
    // Gitea names the ref in full (refs/heads/x); very old records carry the bare branch name.
    const ref = a.ref_name;
    if (ref.startsWith('refs/') && !ref.startsWith('refs/heads/')) continue;
    const branch = ref.replace(/^refs\/heads\//, '');
    if (!branch) continue;
    if (a.op_type === 'delete_branch') {
      gone.add(branch);
      continue;
    }
    if (a.op_type !== 'commit_repo' || a.act_user?.login !== opts.login) continue;
    const t = Date.parse(a.created);
    // The feed is newest first: once past the window, nothing later qualifies.
    if (!(now - t <= within)) break;
    if (branch === opts.defaultBranch || gone.has(branch) || opts.openHeads.has(branch)) continue;
    return { branch, at: a.created };
  }
  return null;
}
