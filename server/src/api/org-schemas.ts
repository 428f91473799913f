// Gitea's Organization and Team as the API shows them: the schemas (shared by the organization,
// team, issue and pull request routes) and the organization's conversion.
import { z } from './openapi.ts';
import type { Config } from '../config.ts';
import type { UserRow } from '../db/schema.ts';
import { repoAdminChangeTeamAccess } from '../db/orgs.ts';

export const OrganizationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    full_name: z.string(),
    email: z.string(),
    avatar_url: z.string(),
    description: z.string(),
    website: z.string(),
    location: z.string(),
    visibility: z.enum(['public', 'limited', 'private']),
    repo_admin_change_team_access: z.boolean(),
    /** Deprecated in Gitea, still sent: the same as name. */
    username: z.string(),
  })
  .openapi('Organization');

export type ApiOrganization = z.infer<typeof OrganizationSchema>;

export function toApiOrg(org: UserRow, config: Config): ApiOrganization {
  return {
    id: org.id,
    name: org.name,
    full_name: org.full_name,
    email: org.email,
    avatar_url: `${config.rootUrl}avatars/${encodeURIComponent(org.name)}`,
    description: org.description,
    website: org.website,
    location: org.location,
    visibility: (org.visibility as ApiOrganization['visibility']) ?? 'public',
    repo_admin_change_team_access: repoAdminChangeTeamAccess(org),
    username: org.name,
  };
}

const PermissionEnum = z.enum(['none', 'read', 'write', 'admin', 'owner']);

export const TeamSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    organization: z.union([OrganizationSchema, z.null()]),
    includes_all_repositories: z.boolean(),
    permission: PermissionEnum,
    units: z.array(z.string()).openapi({ example: ['repo.code', 'repo.issues'] }),
    units_map: z.record(z.string(), z.string()).openapi({ example: { 'repo.code': 'read', 'repo.issues': 'write' } }),
    can_create_org_repo: z.boolean(),
  })
  .openapi('Team');
