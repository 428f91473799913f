// What branch protection says about merging a pull request, for the merge box. Our server (and a
// Gitea taught to do so) answers the unmet rules itself in `merge_blockers`, one sentence each:
// those are shown as they are, so the box and the refusal of a merge never disagree. Against
// Gitea, which has no such field, they are worked out from what any reader can see: the base
// branch's protection (required approvals, required status contexts) against the approvals in the
// reviews list and the combined status of the head commit. The other rules (rejected reviews,
// outdated branch, whitelists) are not visible there; the server still refuses and says why.
import type { components } from '@/lib/api/schema';
import type { PullRequest } from '../api/pull-queries';

type Branch = components['schemas']['Branch'];
type CombinedStatus = components['schemas']['CombinedStatus'];
type CommitState = components['schemas']['CommitStatus']['status'];

export interface ProtectionState {
  /** The rule that protects the base branch ('' when unknown or the branch is not protected). */
  ruleName: string;
  /** One sentence per unmet rule; empty when nothing blocks. */
  blockers: string[];
  /** Where the sentences come from: the server's answer, or worked out here (Gitea). */
  source: 'server' | 'derived';
  /**
   * A required check has not reported yet or is still running: the merge may still be scheduled
   * for when the checks succeed.
   */
  checksOutstanding: boolean;
}

/**
 * gobwas/glob without separator, as Gitea compiles required contexts (`ci/*` matches `ci/a/b`);
 * `*` and `?` and `[…]` classes, `{a,b}` alternatives, `\` escapes. A pattern that does not compile
 * matches only itself.
 */
export function contextPatternMatches(pattern: string, context: string): boolean {
  if (pattern === context) return true;
  let re = '';
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) re += escapeRe(pattern[++i]!);
    else if (ch === '*') re += '.*';
    else if (ch === '?') re += '.';
    else if (ch === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) return false;
      const body = pattern.slice(i + 1, end);
      re += body.startsWith('!') ? `[^${body.slice(1).replace(/[\\\]^]/g, '\\$&')}]` : `[${body.replace(/[\\\]^]/g, '\\$&')}]`;
      i = end;
    } else if (ch === '{') {
      depth++;
      re += '(?:';
    } else if (ch === '}' && depth > 0) {
      depth--;
      re += ')';
    } else if (ch === ',' && depth > 0) re += '|';
    else re += escapeRe(ch);
  }
  if (depth !== 0) return false;
  try {
    return new RegExp(`^${re}$`, 's').test(context);
  } catch {
    return false;
  }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

const stateRank: Record<CommitState, number> = { success: 0, warning: 1, pending: 2, failure: 3, error: 4 };

/** How the required contexts stand on the head commit: those with no status yet, those still running, those failed. */
export function requiredContexts(patterns: string[], checks: CombinedStatus | null | undefined) {
  const statuses = checks?.statuses ?? [];
  const missing: string[] = [];
  const pending: string[] = [];
  const failing: string[] = [];
  for (const p of patterns) {
    const hits = statuses.filter((s) => contextPatternMatches(p, s.context));
    if (!hits.length) {
      missing.push(p);
      continue;
    }
    // The worst state among the matching contexts decides (Gitea's CalcCommitStatus).
    const worst = hits.reduce((a, b) => (stateRank[b.status] > stateRank[a.status] ? b : a));
    if (worst.status === 'pending') pending.push(p);
    else if (worst.status === 'failure' || worst.status === 'error') failing.push(p);
  }
  return { missing, pending, failing };
}

const list = (xs: string[]) => xs.join(', ');

/**
 * The protection state of an open pull request. `branch` is the base branch as the API answers it
 * (undefined while loading or when it could not be read); `approvals` counts the standing approvals.
 */
export function protectionState(pull: PullRequest, branch: Branch | undefined, approvals: number, checks: CombinedStatus | null | undefined): ProtectionState {
  const ruleName = branch?.protected ? branch.effective_branch_protection_name : '';
  const required = branch?.protected && branch.enable_status_check ? branch.status_check_contexts : [];
  const contexts = requiredContexts(required, checks);
  // With status checks on but no context named, Gitea waits for the combined status to succeed.
  const anyPending = branch?.protected && branch.enable_status_check && !required.length && (checks?.state === 'pending' || !checks?.state);
  const checksOutstanding = contexts.missing.length > 0 || contexts.pending.length > 0 || checks?.state === 'pending' || !!anyPending;

  // Optional on the wire: absent against Gitea.
  if (Array.isArray(pull.merge_blockers)) return { ruleName, blockers: pull.merge_blockers, source: 'server', checksOutstanding };

  const blockers: string[] = [];
  if (branch?.protected) {
    const need = branch.required_approvals;
    if (need > 0 && approvals < need) {
      // Gitea's pulls.blocked_by_approvals.
      blockers.push(`This pull request doesn't have enough approvals yet. ${approvals} of ${need} approvals granted.`);
    }
    if (branch.enable_status_check) {
      if (required.length) {
        if (contexts.missing.length) blockers.push(`Required status checks have not reported yet: ${list(contexts.missing)}.`);
        if (contexts.pending.length) blockers.push(`Required status checks are still running: ${list(contexts.pending)}.`);
        if (contexts.failing.length) blockers.push(`Required status checks were not successful: ${list(contexts.failing)}.`);
      } else if (checks?.state !== 'success') {
        blockers.push('The commit status of this pull request is not passing.');
      }
    }
  }
  return { ruleName, blockers, source: 'derived', checksOutstanding };
}
