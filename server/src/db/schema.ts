// Kysely table types. Timestamps are unix seconds (as in Gitea); the API layer turns them into RFC 3339.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UserTable {
  id: Generated<number>;
  name: string;
  lower_name: string;
  full_name: string;
  email: string;
  passwd: string;
  /** 0 user, 1 organization (organizations come later). */
  type: number;
  is_admin: number;
  must_change_password: number;
  restricted: number;
  active: number;
  prohibit_login: number;
  visibility: string;
  description: string;
  website: string;
  location: string;
  language: string;
  created_unix: number;
  updated_unix: number;
  last_login_unix: number;
}

export interface AccessTokenTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  token_last_eight: string;
  scopes: string;
  created_unix: number;
  updated_unix: number;
}

export interface RepositoryTable {
  id: Generated<number>;
  owner_id: number;
  owner_name: string;
  name: string;
  lower_name: string;
  description: string;
  website: string;
  is_private: number;
  is_empty: number;
  is_archived: number;
  is_template: number;
  is_fork: number;
  fork_id: number;
  template_id: number;
  default_branch: string;
  has_issues: number;
  has_wiki: number;
  has_pull_requests: number;
  has_projects: number;
  has_releases: number;
  num_stars: number;
  num_forks: number;
  num_watches: number;
  num_issues: number;
  num_closed_issues: number;
  num_pulls: number;
  num_closed_pulls: number;
  size: number;
  trust_model: string;
  created_unix: number;
  updated_unix: number;
  archived_unix: number;
}

export interface ActionTable {
  id: Generated<number>;
  /** Whose feed this row belongs to. */
  user_id: number;
  op_type: string;
  act_user_id: number;
  repo_id: number;
  comment_id: number;
  ref_name: string;
  is_private: number;
  content: string;
  created_unix: number;
}

export interface Database {
  user: UserTable;
  access_token: AccessTokenTable;
  repository: RepositoryTable;
  action: ActionTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type RepoRow = Selectable<RepositoryTable>;
export type NewRepo = Insertable<RepositoryTable>;
export type RepoUpdate = Updateable<RepositoryTable>;
export type ActionRow = Selectable<ActionTable>;
