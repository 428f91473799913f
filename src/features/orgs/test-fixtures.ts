// Gitea-shaped organizations and teams for the web tests of this feature and its pages.
import type { Organization, Team } from './api/org-api';

export function fakeOrg(over: Partial<Organization> = {}): Organization {
  const name = over.name ?? 'acme';
  return {
    id: 100,
    name,
    username: name,
    full_name: '',
    email: '',
    avatar_url: '',
    description: '',
    website: '',
    location: '',
    visibility: 'public',
    repo_admin_change_team_access: false,
    ...over,
  };
}

export function fakeTeam(over: Partial<Team> = {}): Team {
  return {
    id: 5,
    name: 'triage',
    description: '',
    organization: null,
    includes_all_repositories: false,
    permission: 'write',
    units: ['repo.code', 'repo.issues'],
    units_map: { 'repo.code': 'read', 'repo.issues': 'write', 'repo.pulls': 'none', 'repo.releases': 'none', 'repo.wiki': 'none' },
    can_create_org_repo: false,
    ...over,
  };
}
