// Actions whose API is this forge's extension: a server without it (Gitea 1.23 has no issue lock or
// organization rename API) answers 404 to an object the page just showed, so the 404 means the
// endpoint is missing; say that in words instead of "not found".
import { ApiError, isApiError } from './api-error';

/** `e`, or for a 404 an ApiError saying the server does not offer `what` ("locking conversations"). */
export function explainMissingEndpoint(e: unknown, what: string): unknown {
  // 405: the server has the path but not this method (its router's answer).
  if (isApiError(e) && (e.status === 404 || e.status === 405)) {
    return new ApiError(404, { message: `This server does not offer ${what} through its API (Gitea 1.23 has no endpoint for it).` });
  }
  return e;
}

/** Runs `fn`, turning a 404 into the sentence above. */
export async function orExplainMissing<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw explainMissingEndpoint(e, what);
  }
}

/**
 * Whether `e` is a router's 404 for a path it has no route for (Gitea's API router answers
 * "404 page not found", in plain text), not a 404 about a thing the route looked for.
 */
export function isMissingRoute(e: unknown): boolean {
  return isApiError(e) && e.status === 404 && /^\s*(404 page not found|not found)\s*$/i.test(String(e.body?.message ?? ''));
}
