// Gitea's 204-or-404 checks (is following, has starred): true on success, false on 404; and
// answers a server may lack (a 404 stands for a default).
import { isApiError } from '@/lib/api/api-error';

export function isFound(call: Promise<unknown>): Promise<boolean> {
  return orOn404(
    call.then(() => true),
    false,
  );
}

/** The call's answer, or `fallback` when the server answers 404 (a thing, or a route it lacks). */
export async function orOn404<T, F>(call: Promise<T>, fallback: F): Promise<T | F> {
  try {
    return await call;
  } catch (e) {
    if (isApiError(e) && e.status === 404) return fallback;
    throw e;
  }
}
