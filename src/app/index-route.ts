// What the routes of one issue or pull request (/{owner}/{repo}/issues|pulls/{index}/…) share:
// reading their URL and deciding who may change things there.
import type { components } from '@/lib/api/schema';

type User = components['schemas']['User'];
type Repository = components['schemas']['Repository'];

/** owner, repo and the index from the URL; an index that is not a positive whole number is a 404. */
export function indexRouteParams(params: Record<string, string | undefined>): { owner: string; repo: string; index: number } {
  const index = Number(params.index);
  if (!Number.isInteger(index) || index < 1) throw new Response('Not Found', { status: 404 });
  return { owner: params.owner!, repo: params.repo!, index };
}

/**
 * Writers (push) and admins of the repository, and site admins, may edit any title, comment or
 * state there. Only for showing buttons: the server checks every write again.
 */
/** Whether the signed-in user administers the repository (pins, settings). */
export function canAdminRepo(me: User | null | undefined, repository: Repository | undefined): boolean {
  return !!me && (!!repository?.permissions?.admin || me.is_admin);
}

export function canWriteRepo(me: User | null | undefined, repository: Repository | undefined): boolean {
  return !!me && (!!repository?.permissions?.push || !!repository?.permissions?.admin || me.is_admin);
}
