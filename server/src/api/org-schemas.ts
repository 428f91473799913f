// Gitea's Organization and Team as the API shows them: the schemas, shared by the organization,
// team, issue and pull request routes (the conversion is in org-convert.ts).
import { z } from './openapi.ts';

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
