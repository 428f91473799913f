// Splits a failed create/generate request into an error for one form field, or a general one.
// Our server says "name: reason" on 422; Gitea's binding errors read "[Name]: reason".
import { errorMessage, isApiError } from '@/lib/api/api-error';
import { fieldSentence } from '@/lib/name-rules';

export interface FormErrors {
  fields: Record<string, string>;
  general: string | null;
}

const NAME_TAKEN = 'A repository with this name already exists';

export function formErrors(error: unknown, fields: readonly string[]): FormErrors {
  if (!error) return { fields: {}, general: null };
  if (isApiError(error) && error.status === 409) return { fields: { name: NAME_TAKEN }, general: null };
  if (isApiError(error) && error.status === 422) {
    const m = /^\s*\[?([A-Za-z_]+)\]?\s*:\s*(.+)$/s.exec(error.message);
    const field = m?.[1].replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
    if (m && field && fields.includes(field)) {
      return { fields: { [field]: fieldSentence(error.message) }, general: null };
    }
  }
  return { fields: {}, general: errorMessage(error) };
}
