// Who may do what beyond ownership: collaborators, organization members, teams.
import type { Generated } from 'kysely';

/** A user given access to a repository; mode 1 read, 2 write, 3 admin (Gitea's collaboration). */
export interface CollaborationTable {
  id: Generated<number>;
  repo_id: number;
  user_id: number;
  mode: number;
  created_unix: number;
  updated_unix: number;
}

/** Membership of a user (uid) in an organization (a user row with type 1). */
export interface OrgUserTable {
  id: Generated<number>;
  uid: number;
  org_id: number;
  is_public: number;
}

/** authorize is the team's access mode (1 read, 2 write, 3 admin, 4 owner: the Owners team). */
export interface TeamTable {
  id: Generated<number>;
  org_id: number;
  lower_name: string;
  name: string;
  description: string;
  authorize: number;
  num_repos: number;
  num_members: number;
  includes_all_repositories: number;
  can_create_org_repo: number;
}

export interface TeamUserTable {
  id: Generated<number>;
  org_id: number;
  team_id: number;
  uid: number;
}

export interface TeamRepoTable {
  id: Generated<number>;
  org_id: number;
  team_id: number;
  repo_id: number;
}

/** type is Gitea's unit type (1 code, 2 issues, 3 pulls, 4 releases, 5 wiki); access_mode 0..3. */
export interface TeamUnitTable {
  id: Generated<number>;
  org_id: number;
  team_id: number;
  type: number;
  access_mode: number;
}
