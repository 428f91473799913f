// Users and what hangs off one: access tokens, follows, stars, watches, SSH keys, old names, failed sign-ins.
import type { Generated } from 'kysely';

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
  /** U1's columns (migration 20261122_0500_users_social), kept as Gitea's user table. */
  num_followers: Generated<number>;
  num_following: Generated<number>;
  num_stars: Generated<number>;
  /** hide_email / hide_activity in the API's UserSettings. */
  keep_email_private: Generated<number>;
  keep_activity_private: Generated<number>;
  use_custom_avatar: Generated<number>;
  /** File name of an uploaded avatar under <data>/avatars (a content hash). */
  avatar: Generated<string>;
  diff_view_style: Generated<string>;
  theme: Generated<string>;
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

/** user_id follows follow_id. */
export interface FollowTable {
  id: Generated<number>;
  user_id: number;
  follow_id: number;
  created_unix: number;
}

export interface StarTable {
  id: Generated<number>;
  uid: number;
  repo_id: number;
  created_unix: number;
}

export interface WatchTable {
  id: Generated<number>;
  user_id: number;
  repo_id: number;
  mode: number;
  created_unix: number;
  updated_unix: number;
}

/** An SSH public key; content is the normalized "type base64" text, fingerprint "SHA256:…". */
export interface PublicKeyTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  fingerprint: string;
  content: string;
  key_type: string;
  created_unix: number;
  updated_unix: number;
}

/** O1: an old user or organization name (lower case) and whom it now names. */
export interface UserRedirectTable {
  id: Generated<number>;
  lower_name: string;
  redirect_user_id: number;
}

/** Failed sign-ins in the current window of an account ('a:name') or client address ('i:address'); auth/throttle.ts. */
export interface LoginFailureTable {
  key: string;
  failures: number;
  /** Epoch milliseconds. */
  ends_at: number;
}

/** A web session of the embedded web app (issue #23): only the hash of the cookie's secret is kept. */
export interface WebSessionTable {
  id: Generated<number>;
  id_hash: string;
  user_id: number;
  /** Epoch milliseconds. */
  created_at: number;
  last_used_at: number;
  user_agent: string;
  ip: string;
}
