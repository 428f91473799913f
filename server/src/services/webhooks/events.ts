// Gitea's webhook event names (modules/webhook/type.go HookEventType), how a create/edit option's
// `events` list turns into them (routers/api/v1/utils/hook.go: "issues" and "pull_request" stand for
// their whole family), the X-Gitea-Event header of each (HookEventType.Event()), and the branch
// filter (a gobwas glob in Gitea).

/** Every event type a hook can be sent, in Gitea's EventsArray order. */
export const HOOK_EVENT_TYPES = [
  'create',
  'delete',
  'fork',
  'push',
  'issues',
  'issue_assign',
  'issue_label',
  'issue_milestone',
  'issue_comment',
  'pull_request',
  'pull_request_assign',
  'pull_request_label',
  'pull_request_milestone',
  'pull_request_comment',
  'pull_request_review_approved',
  'pull_request_review_rejected',
  'pull_request_review_comment',
  'pull_request_sync',
  'pull_request_review_request',
  'wiki',
  'repository',
  'release',
  'package',
  'status',
] as const;
export type HookEventType = (typeof HOOK_EVENT_TYPES)[number];

const ISSUE_FAMILY: HookEventType[] = ['issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment'];
const PULL_FAMILY: HookEventType[] = [
  'pull_request',
  'pull_request_assign',
  'pull_request_label',
  'pull_request_milestone',
  'pull_request_comment',
  'pull_request_review_approved',
  'pull_request_review_rejected',
  'pull_request_review_comment',
  'pull_request_sync',
  'pull_request_review_request',
];

/**
 * The event types an option's `events` turn on (case-insensitive, as Gitea's SliceContainsString):
 * an empty list is push only; "issues" / "pull_request" turn on their family, "issues_only" /
 * "pull_request_only" just the base event, "pull_request_review" the three review events.
 * Unknown names are ignored, as Gitea does.
 */
export function expandEvents(input: string[] | undefined): HookEventType[] {
  const asked = new Set((input && input.length > 0 ? input : ['push']).map((e) => e.toLowerCase()));
  const on = new Set<HookEventType>();
  for (const t of HOOK_EVENT_TYPES) if (asked.has(t)) on.add(t);
  if (asked.has('issues')) ISSUE_FAMILY.forEach((t) => on.add(t));
  if (asked.has('issues_only')) on.add('issues');
  if (asked.has('pull_request')) PULL_FAMILY.forEach((t) => on.add(t));
  if (asked.has('pull_request_only')) on.add('pull_request');
  if (asked.has('pull_request_review')) {
    on.add('pull_request_review_approved');
    on.add('pull_request_review_rejected');
    on.add('pull_request_review_comment');
  }
  return HOOK_EVENT_TYPES.filter((t) => on.has(t));
}

/** The X-Gitea-Event header of an event type (Gitea's HookEventType.Event()). */
export function eventHeader(t: string): string {
  if (t === 'issue_assign' || t === 'issue_label' || t === 'issue_milestone') return 'issues';
  if (t === 'issue_comment' || t === 'pull_request_comment') return 'issue_comment';
  if (t === 'pull_request_review_approved') return 'pull_request_approved';
  if (t === 'pull_request_review_rejected') return 'pull_request_rejected';
  if (t === 'pull_request_review_comment') return 'pull_request_comment';
  if (t.startsWith('pull_request')) return 'pull_request';
  return t;
}

/**
 * A gobwas/glob pattern (Gitea's branch_filter) as a regular expression: `*` and `**` match any
 * run of characters (slashes too: Gitea compiles it without separators), `?` one character,
 * `[abc]` / `[!abc]` / `[a-z]` a class, `{a,b}` alternatives, `\x` the character x. picomatch
 * would stop `*` at a slash and read `!` and `(` differently, so the conversion is ours. Throws on
 * an unbalanced pattern (the API answers 422, as Gitea's GlobPattern binding).
 */
export function globToRegExp(pattern: string): RegExp {
  let out = '';
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      const next = pattern[++i];
      if (next === undefined) throw new Error('pattern ends with an escape');
      out += escapeRe(next);
    } else if (ch === '*') {
      while (pattern[i + 1] === '*') i++;
      out += '.*';
    } else if (ch === '?') out += '.';
    else if (ch === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) throw new Error('unclosed [');
      let body = pattern.slice(i + 1, end);
      const negate = body.startsWith('!');
      if (negate) body = body.slice(1);
      if (!body) throw new Error('empty []');
      out += `[${negate ? '^' : ''}${body.replace(/[\\\]^]/g, (m) => `\\${m}`)}]`;
      i = end;
    } else if (ch === '{') {
      depth++;
      out += '(?:';
    } else if (ch === '}' && depth > 0) {
      depth--;
      out += ')';
    } else if (ch === ',' && depth > 0) out += '|';
    else out += escapeRe(ch);
  }
  if (depth !== 0) throw new Error('unclosed {');
  return new RegExp(`^${out}$`, 's');
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * Whether a ref passes the hook's branch filter (Gitea's checkBranchFilter): an empty filter or
 * `*` passes everything, tags always pass, a branch passes when its short name matches.
 */
export function passesBranchFilter(filter: string, ref: string): boolean {
  if (!filter || filter === '*') return true;
  if (!ref.startsWith('refs/heads/')) return true;
  try {
    return globToRegExp(filter).test(ref.slice('refs/heads/'.length));
  } catch {
    return false;
  }
}
