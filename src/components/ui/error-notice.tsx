import { errorMessage } from '@/lib/api/api-error';

/** An inline error for a failed action or query, announced to screen readers. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {errorMessage(error)}
    </div>
  );
}
