// The server's name rules, mirrored so a form can say what is wrong before it submits, and the
// server's own refusals (Gitea-style "field: reason") turned into a sentence for the field.
// Sources: server/src/services/repos.ts validateRepoName (Gitea's AlphaDashDot, max 100, reserved
// names, *.git/*.wiki/*.rss/*.atom), server/src/git/refs.ts isValidBranchName (at most 100, no
// leading '-', not HEAD, then git check-ref-format), server/src/services/labels.ts (non-empty).

const REPO_RESERVED = new Set(['.', '..', '-']);
const REPO_SUFFIXES = ['.git', '.wiki', '.rss', '.atom'];

/** Why the server would refuse this repository name, as a sentence; null when it is fine. */
export function repoNameProblem(name: string): string | null {
  if (!name) return 'Enter a repository name.';
  if (name.length > 100) return 'Use at most 100 characters.';
  if (!/^[\w.-]+$/.test(name)) return 'Use only letters, digits, dashes (-), underscores (_) and dots (.).';
  const lower = name.toLowerCase();
  if (REPO_RESERVED.has(lower)) return `“${name}” is reserved.`;
  const suffix = REPO_SUFFIXES.find((s) => lower.endsWith(s));
  if (suffix) return `A repository name cannot end in “${suffix}”.`;
  return null;
}

/**
 * Why git would refuse `name` as a ref of this kind (git check-ref-format, plus what `git branch` /
 * `git tag` refuse), as a sentence; null when it is fine. `reserved` are whole names git refuses.
 */
function refNameProblem(name: string, kind: 'branch' | 'tag', max: number, reserved: string[]): string | null {
  if (!name) return `Enter a ${kind} name.`;
  if (name.length > max) return `Use at most ${max} characters.`;
  if (/[\0-\x20\x7f]/.test(name)) return `A ${kind} name cannot contain spaces or control characters.`;
  if (/[~^:?*[\\]/.test(name)) return `A ${kind} name cannot contain ~ ^ : ? * [ or \\.`;
  if (reserved.includes(name)) return `“${name}” cannot be a ${kind} name.`;
  if (name.startsWith('-')) return `A ${kind} name cannot start with a dash.`;
  if (name.includes('..')) return `A ${kind} name cannot contain “..”.`;
  if (name.includes('@{')) return `A ${kind} name cannot contain “@{”.`;
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//'))
    return `A ${kind} name cannot start or end with “/” or have an empty part between slashes.`;
  if (name.endsWith('.')) return `A ${kind} name cannot end with a dot.`;
  if (name.split('/').some((part) => part.startsWith('.'))) return `No part of a ${kind} name may start with a dot.`;
  if (name.split('/').some((part) => part.endsWith('.lock'))) return `No part of a ${kind} name may end with “.lock”.`;
  return null;
}

/** Why git (and the server) would refuse this branch name, as a sentence; null when it is fine. */
export function branchNameProblem(name: string): string | null {
  return refNameProblem(name, 'branch', 100, ['HEAD', '@']);
}

/** Why the server would refuse this tag name (server/src/git/tags.ts isValidTagName: at most 255 characters). */
export function tagNameProblem(name: string): string | null {
  return refNameProblem(name, 'tag', 255, ['HEAD']);
}

/** Why the server would refuse this label name; null when it is fine. */
export function labelNameProblem(name: string): string | null {
  return name.trim() ? null : 'Enter a label name.';
}

/**
 * A server message about a field as a sentence for that field: Gitea-style
 * `new_branch_name: invalid branch name "a b"` → "A branch name cannot contain spaces or control characters."
 * Messages it does not know come back without the field prefix and the echoed value, capitalised.
 */
export function fieldSentence(message: string): string {
  const reason = message.replace(/^\s*\[?[A-Za-z_]+\]?\s*:\s*/, '').trim();
  let m = /^invalid branch name "(.*)"$/s.exec(reason);
  if (m) return branchNameProblem(m[1]) ?? `“${m[1]}” is not a valid branch name.`;
  if (/^must be valid alpha or numeric or dash\(-_\) or dot characters/.test(reason))
    return 'Use only letters, digits, dashes (-), underscores (_) and dots (.).';
  if ((m = /^name is reserved \[name: (.*)\]$/s.exec(reason))) return `“${m[1]}” is reserved.`;
  if ((m = /^name pattern is not allowed \[pattern: \*(.*)\]$/s.exec(reason))) return `A name cannot end in “${m[1]}”.`;
  if ((m = /^must be at most (\d+) characters$/.exec(reason))) return `Use at most ${m[1]} characters.`;
  if (/^(name is empty|must not be empty)$/.test(reason)) return 'Enter a name.';
  // Gitea repeats the refused value as "[name: value]"; the field already shows it.
  const text = reason.replace(/\s*\[\w+: [^\]]*\]\s*$/, '');
  // "field: is not …" lost its subject with the prefix; the field it sits next to is the subject.
  if (/^(is|does|has)\b/.test(text)) return `This ${text}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
