// Gitea's 204-or-404 checks (is following, has starred): true on success, false on 404.
import { isApiError } from '@/lib/api/api-error';

export async function isFound(call: Promise<unknown>): Promise<boolean> {
  try {
    await call;
    return true;
  } catch (e) {
    if (isApiError(e) && e.status === 404) return false;
    throw e;
  }
}
