// What every route handler can reach: dependencies and the signed-in user.
import path from 'node:path';
import type { Config } from './config.ts';
import type { Db } from './db/types.ts';
import type { UserRow } from './db/schema.ts';
import type { EventBus } from './services/events.ts';
import type { LiveHub } from './services/live/hub.ts';

export interface Deps {
  db: Db;
  config: Config;
  /** The app's domain events (services/events.ts); createApp adds it. */
  events?: EventBus;
  /** The live pages' event streams of this app (services/live/hub.ts); createApp adds it. */
  live?: LiveHub;
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    /** The signed-in user, or null for anonymous requests. */
    user: UserRow | null;
    /** How the user signed in: 'token', 'basic', 'session' (the web app's cookie) or null. */
    authMethod: 'token' | 'basic' | 'session' | null;
    /** The access token's scopes when a token signed in, else null (auth/token-scopes.ts). */
    tokenScopes: string | null;
    /** The web session the request came with (authMethod 'session'), or null (auth/sessions.ts). */
    session: { id: number; csrfToken: string } | null;
  };
};

export const repoDir = (config: Config, ownerName: string, repoName: string) =>
  path.join(config.dataDir, 'repositories', ownerName.toLowerCase(), `${repoName.toLowerCase()}.git`);
