// API errors in Gitea's shape: {"message", "url"} with the right status.
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Response headers to send with the error (e.g. Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new ApiError(400, m);
export const unauthorized = (m = 'token is required') => new ApiError(401, m);
export const forbidden = (m = 'you do not have permission to do this') => new ApiError(403, m);
export const notFound = (m = "The target couldn't be found.") => new ApiError(404, m, { errors: [] });
export const conflict = (m: string) => new ApiError(409, m);
export const unprocessable = (m: string) => new ApiError(422, m);
export const locked = (m = 'repository is archived') => new ApiError(423, m);
