// The error every failed API call throws: the status and Gitea's {message, url} body.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; url?: string; errors?: string[] } | null,
  ) {
    super(body?.message || `Request failed with status ${status}`);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** A human sentence for any error thrown by a query or mutation. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}
