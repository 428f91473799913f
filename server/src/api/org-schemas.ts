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

// Request bodies and answers of the organization and team routes.

export const OrganizationPermissionsSchema = z
  .object({ is_owner: z.boolean(), is_admin: z.boolean(), can_write: z.boolean(), can_read: z.boolean(), can_create_repository: z.boolean() })
  .openapi('OrganizationPermissions');

// Gitea's ValidUrl: empty, or an http(s) URL.
const zUrl = z
  .string()
  .max(255)
  .refine((v) => {
    if (!v) return true;
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'must be a valid URL');

const OrgFieldsSchema = {
  full_name: z.string().max(100).optional(),
  email: z.string().max(255).optional(),
  description: z.string().max(255).optional(),
  website: zUrl.optional(),
  location: z.string().max(50).optional(),
  visibility: z.enum(['public', 'limited', 'private']).optional().openapi({ description: 'possible values are `public` (default), `limited` or `private`' }),
  repo_admin_change_team_access: z.boolean().optional(),
};

export const CreateOrgSchema = z.object({ username: z.string().min(1).max(40), ...OrgFieldsSchema }).openapi('CreateOrgOption');
export const EditOrgSchema = z.object(OrgFieldsSchema).openapi('EditOrgOption');
export const RenameOrgSchema = z
  .object({ new_name: z.string().min(1).max(40).openapi({ description: 'New username for this org.' }) })
  .openapi('RenameOrgOption');

const UnitsMapInput = z.record(z.string(), z.enum(['none', 'read', 'write', 'admin'])).openapi({ example: { 'repo.code': 'read', 'repo.issues': 'write' } });
export const CreateTeamSchema = z
  .object({
    name: z.string().min(1).max(255),
    description: z.string().max(255).optional(),
    includes_all_repositories: z.boolean().optional(),
    permission: z.enum(['read', 'write', 'admin']).optional(),
    units: z.array(z.string()).optional().openapi({ deprecated: true, description: 'Use units_map' }),
    units_map: UnitsMapInput.optional(),
    can_create_org_repo: z.boolean().optional(),
  })
  .openapi('CreateTeamOption');
export const EditTeamSchema = z
  .object({
    name: z.string().max(255).optional(),
    description: z.string().max(255).optional(),
    includes_all_repositories: z.boolean().optional(),
    permission: z.enum(['read', 'write', 'admin']).optional(),
    units: z.array(z.string()).optional().openapi({ deprecated: true, description: 'Use units_map' }),
    units_map: UnitsMapInput.optional(),
    can_create_org_repo: z.boolean().optional(),
  })
  .openapi('EditTeamOption');

export const TeamSearchSchema = z.object({ ok: z.boolean(), data: z.array(TeamSchema) }).openapi('TeamSearchResults');
