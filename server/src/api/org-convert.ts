// An organization row as Gitea's API Organization (convert.ToOrganization). Apart from the schemas
// (org-schemas.ts), so that services converting teams need no schema library.
import type { Config } from '../config.ts';
import type { UserRow } from '../db/schema.ts';
import { repoAdminChangeTeamAccess } from '../db/orgs.ts';
import type { ApiOrganization } from './org-schemas.ts';

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
