// The server's tag name rule (server/src/git/tags.ts isValidTagName: git's check-ref-format for
// refs/tags/<name>, what `git tag` refuses, at most 255 characters), so the form can say what is
// wrong before it submits, and a refused request's message placed beside the field it concerns.
import { errorMessage, isApiError } from '@/lib/api/api-error';

/** Why the server would refuse this tag name, as a sentence; null when it is fine. */
export function tagNameProblem(name: string): string | null {
  if (!name) return 'Enter a tag name.';
  if (name.length > 255) return 'Use at most 255 characters.';
  if (/[\0-\x20\x7f]/.test(name)) return 'A tag name cannot contain spaces or control characters.';
  if (/[~^:?*[\\]/.test(name)) return 'A tag name cannot contain ~ ^ : ? * [ or \\.';
  if (name === 'HEAD') return '“HEAD” cannot be a tag name.';
  if (name.startsWith('-')) return 'A tag name cannot start with a dash.';
  if (name.includes('..')) return 'A tag name cannot contain “..”.';
  if (name.includes('@{')) return 'A tag name cannot contain “@{”.';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) return 'A tag name cannot start or end with “/” or have an empty part between slashes.';
  if (name.endsWith('.')) return 'A tag name cannot end with a dot.';
  if (name.split('/').some((part) => part.startsWith('.'))) return 'No part of a tag name may start with a dot.';
  if (name.split('/').some((part) => part.endsWith('.lock'))) return 'No part of a tag name may end with “.lock”.';
  return null;
}

/** A failed create request's message as a sentence beside the name or target field, else general. */
export function tagFieldErrors(error: unknown, sent: { name: string; target: string }): { name?: string; target?: string; general?: string } {
  if (!error) return {};
  if (isApiError(error)) {
    if (error.status === 409) {
      return { name: /already exists/.test(errorMessage(error)) ? `A tag named “${sent.name}” already exists.` : `“${sent.name}” clashes with an existing tag: a tag cannot be both “a” and “a/b”.` };
    }
    if (error.status === 422) return { name: tagNameProblem(sent.name) ?? `“${sent.name}” is not a valid tag name.` };
    // 404 on create: the target names no commit (or the repository has none yet).
    if (error.status === 404) return { target: sent.target ? `No branch, tag or commit is named “${sent.target}”.` : 'The default branch has no commits to tag yet.' };
  }
  return { general: errorMessage(error) };
}
