// Gitea's organization and team shapes (modules/structs/org.go, org_team.go) and a client for
// their endpoints. The server's routes for them are being built beside this page (O1); until the
// generated schema lists them, the typed client cannot name these paths, so this one file widens
// it. Once `/orgs/{org}` is in src/lib/api/schema.d.ts, swap these types for the generated ones.
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type User = components['schemas']['User'];
export type Repository = components['schemas']['Repository'];
export type Visibility = 'public' | 'limited' | 'private';

export interface Organization {
  id: number;
  name: string;
  username?: string;
  full_name: string;
  email: string;
  avatar_url: string;
  description: string;
  website: string;
  location: string;
  visibility: Visibility;
  repo_admin_change_team_access?: boolean;
}

export interface CreateOrgOption {
  username: string;
  full_name?: string;
  email?: string;
  description?: string;
  website?: string;
  location?: string;
  visibility?: Visibility;
}

export type EditOrgOption = Omit<CreateOrgOption, 'username'>;

export interface OrganizationPermissions {
  is_owner: boolean;
  is_admin: boolean;
  can_write: boolean;
  can_read: boolean;
  can_create_repository: boolean;
}

export type TeamPermission = 'none' | 'read' | 'write' | 'admin' | 'owner';
export type UnitKey = 'repo.code' | 'repo.issues' | 'repo.pulls' | 'repo.releases' | 'repo.wiki';

export interface Team {
  id: number;
  name: string;
  description: string;
  organization?: Organization | null;
  includes_all_repositories: boolean;
  permission: TeamPermission;
  units?: string[];
  units_map?: Record<string, string>;
  can_create_org_repo: boolean;
}

export interface TeamOption {
  name: string;
  description?: string;
  includes_all_repositories?: boolean;
  permission?: TeamPermission;
  units?: string[];
  units_map?: Record<string, string>;
  can_create_org_repo?: boolean;
}

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
