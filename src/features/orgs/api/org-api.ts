// Gitea's organization and team shapes (modules/structs/org.go, org_team.go), from the generated
// schema, and one call helper for their endpoints. The pages were written while the server's
// routes landed, so the calls name their paths as strings; the helper keeps them on the one
// client (session, errors). Moving each call to the typed api() is a mechanical follow-up.
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type User = components['schemas']['User'];
export type Repository = components['schemas']['Repository'];

export type Organization = components['schemas']['Organization'];
export type Visibility = Organization['visibility'];
export type CreateOrgOption = components['schemas']['CreateOrgOption'];
export type EditOrgOption = components['schemas']['EditOrgOption'];
export type OrganizationPermissions = components['schemas']['OrganizationPermissions'];
export type Team = components['schemas']['Team'];
export type TeamPermission = Team['permission'];
export type TeamOption = components['schemas']['CreateTeamOption'];
export type UnitKey = 'repo.code' | 'repo.issues' | 'repo.pulls' | 'repo.releases' | 'repo.wiki';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
interface LooseInit {
  params?: { path?: Record<string, string | number>; query?: Record<string, string | number | undefined> };
  body?: unknown;
}
type LooseCall = (path: string, init?: LooseInit) => Promise<{ data?: unknown; response: Response }>;

/** Calls an org/team endpoint through the one client (its session and error middleware). */
export async function orgRequest<T>(method: Method, path: string, init?: LooseInit): Promise<{ data: T; response: Response }> {
  const client = api() as unknown as Record<Method, LooseCall>;
  const { data, response } = await client[method](path, init);
  return { data: data as T, response };
}
