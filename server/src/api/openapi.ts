// Route factory shared by every area: OpenAPIHono with Gitea-style validation errors.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { authorizeFirst, deferInvalid, readBodyFirst } from './authorize-first.ts';

export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const issue = result.error.issues[0];
      const field = issue?.path.join('.') || result.target;
      const message = `${field}: ${issue?.message ?? 'invalid'}`;
      // A body that fails its schema is a validation error (422); bad query or path values are 400.
      const status = result.target === 'json' || result.target === 'form' ? 422 : 400;
      // Answered only once the handler's authorization has passed (Issue #23).
      return deferInvalid(c, result.target, status, message);
    },
  });
  // Every handler authorizes before its input is judged: see authorize-first.ts.
  const openapi = router.openapi;
  router.openapi = ((route, handler, hook) => {
    // The route's own middleware first: it may rewrite the body (pull-merge.ts normaliseMergeKeys).
    const body = route.request?.body;
    // A body with no zod schema has no validator to read it: the handler streams it (release assets).
    const validated = Object.values(body?.content ?? {}).some((m) => {
      const schema = (m as { schema?: unknown } | undefined)?.schema;
      return typeof schema === 'object' && schema !== null && 'safeParse' in schema;
    });
    const middleware = body && validated ? [...[route.middleware ?? []].flat(), readBodyFirst(Object.keys(body.content ?? {}))] : route.middleware;
    return openapi({ ...route, middleware }, authorizeFirst(handler), hook);
  }) as typeof openapi;
  return router;
}

export { z };

/** Booleans in query strings: "true"/"1" and "false"/"0". */
const QUERY_TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True', 'on', 'ON', 'On']);
const QUERY_FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);
/**
 * A query boolean read as Gitea reads one (strconv.ParseBool, and "on" for true): `True`, `t` and
 * `on` are true (Python's requests sends `True`); a value it cannot read is not given, never a 400.
 */
export const zQueryBool = z
  .string()
  .transform((v) => (QUERY_TRUE.has(v) ? true : QUERY_FALSE.has(v) ? false : undefined))
  .openapi({ description: 'true or false (also True, t, on, 1, 0, …)' });

// Gitea reads page and limit leniently: a value that is not a number means the default.
export const zPage = z.coerce
  .number()
  .int()
  .optional()
  .catch(undefined)
  .openapi({ param: { name: 'page', in: 'query' }, type: 'integer', example: 1 });
export const zLimit = z.coerce
  .number()
  .int()
  .optional()
  .catch(undefined)
  .openapi({ param: { name: 'limit', in: 'query' }, type: 'integer', example: 30 });

/** Standard error responses for createRoute({ responses }). */
export const errorResponses = (...codes: number[]) =>
  Object.fromEntries(
    codes.map((code) => [code, { description: errorDescriptions[code] ?? 'Error', content: { 'application/json': { schema: ApiErrorSchema } } }]),
  );

const errorDescriptions: Record<number, string> = {
  400: 'Invalid request parameters or malformed body',
  401: 'Missing or wrong credentials',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  422: 'Validation error',
  423: 'Repository is archived',
  429: 'Too many failed sign-in attempts; Retry-After says when to try again',
};

export const ApiErrorSchema = z.object({ message: z.string(), url: z.string(), errors: z.array(z.string()).optional() }).openapi('APIError');

/**
 * A named schema or null. `.nullable()` on a registered schema emits allOf[$ref, {type: null}],
 * which openapi-typescript turns into `X & (Record<string, never> | null)`; a union stays `X | null`.
 */
export const nullableRef = <T extends z.ZodTypeAny>(schema: T) => z.union([schema, z.null()]);

/** A JSON response of a route declaration. */
export const json = <T extends z.ZodTypeAny>(schema: T, description = 'OK') => ({ description, content: { 'application/json': { schema } } });

/** A required JSON request body of a route declaration: `request: { body: jsonBody(Schema) }`. */
export const jsonBody = <T extends z.ZodTypeAny>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
