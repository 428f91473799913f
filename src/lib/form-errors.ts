// Splits a failed request into an error for one form field or a general one. Our server says
// "title: reason" on 422; Gitea's binding errors read "[Title]: reason".
import { errorMessage, isApiError } from '@/lib/api/api-error';

export interface FormErrors {
  fields: Record<string, string>;
  general: string | null;
}

export function formErrors(error: unknown, fields: readonly string[]): FormErrors {
  if (!error) return { fields: {}, general: null };
  if (isApiError(error) && error.status === 422) {
    const m = /^\s*\[?([A-Za-z_]+)\]?\s*:\s*(.+)$/s.exec(error.message);
    const field = m?.[1]!.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
    if (m && field && fields.includes(field)) {
      const reason = m[2]!.trim();
      return { fields: { [field]: reason.charAt(0).toUpperCase() + reason.slice(1) }, general: null };
    }
  }
  return { fields: {}, general: errorMessage(error) };
}
