// Places a failed branch request's message beside the field it concerns.
import { errorMessage, isApiError } from '@/lib/api/api-error';
import { fieldSentence } from '@/lib/name-rules';

export function branchFieldErrors(error: unknown): { name?: string; from?: string; general?: string } {
  if (!error) return {};
  const msg = errorMessage(error);
  if (isApiError(error)) {
    // 409: the name is taken; 422: the name breaks git's ref rules.
    if (error.status === 409 || error.status === 422) {
      if (/old_ref|old_branch|from/i.test(msg)) return { from: msg };
      return { name: error.status === 422 ? fieldSentence(msg) : msg };
    }
    // 404 on create: the starting point does not exist.
    if (error.status === 404) return { from: msg };
  }
  return { general: msg };
}
