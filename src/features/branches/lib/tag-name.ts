// A refused tag request's message placed beside the field it concerns; the name rule itself is
// shared with branches in src/lib/name-rules.ts.
import { errorMessage, isApiError } from '@/lib/api/api-error';
import { tagNameProblem } from '@/lib/name-rules';

/** A failed create request's message as a sentence beside the name or target field, else general. */
export function tagFieldErrors(error: unknown, sent: { name: string; target: string }): { name?: string; target?: string; general?: string } {
  if (!error) return {};
  if (isApiError(error)) {
    if (error.status === 409) {
      return {
        name: /already exists/.test(errorMessage(error))
          ? `A tag named “${sent.name}” already exists.`
          : `“${sent.name}” clashes with an existing tag: a tag cannot be both “a” and “a/b”.`,
      };
    }
    if (error.status === 422) return { name: tagNameProblem(sent.name) ?? `“${sent.name}” is not a valid tag name.` };
    // 404 on create: the target names no commit (or the repository has none yet).
    if (error.status === 404)
      return { target: sent.target ? `No branch, tag or commit is named “${sent.target}”.` : 'The default branch has no commits to tag yet.' };
  }
  return { general: errorMessage(error) };
}
