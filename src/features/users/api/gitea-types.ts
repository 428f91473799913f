// Gitea's shapes for the user routes U1 is adding on the server (modules/structs/user.go,
// user_app.go, user_key.go, repo_watch.go). They stand in until those routes are declared and the
// generated schema carries them; the field names are Gitea's, so both servers fit.
export interface HeatmapEntry {
  /** Unix seconds at the start of the interval. */
  timestamp: number;
  contributions: number;
}

export interface UserSettings {
  full_name: string;
  website: string;
  description: string;
  location: string;
  language: string;
  theme: string;
  diff_view_style: string;
  hide_email: boolean;
  hide_activity: boolean;
}

export interface UserSettingsInput {
  full_name?: string;
  website?: string;
  description?: string;
  location?: string;
  /** Not in Gitea's UserSettingsOptions; our server takes it here, Gitea ignores it. */
  visibility?: 'public' | 'limited' | 'private';
}

export interface PublicKey {
  id: number;
  key: string;
  url?: string;
  title: string;
  fingerprint: string;
  created_at: string;
  last_used_at?: string;
  key_type?: string;
  read_only?: boolean;
}

export interface AccessToken {
  id: number;
  name: string;
  /** The secret: only in the answer to creating the token. */
  sha1: string;
  token_last_eight: string;
  scopes: string[] | null;
  created_at?: string;
  last_used_at?: string;
}

export interface WatchInfo {
  subscribed: boolean;
  ignored: boolean;
}
