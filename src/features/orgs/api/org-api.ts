// Gitea's organization and team shapes (modules/structs/org.go, org_team.go), aliased once from
// the generated schema for this feature.
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
