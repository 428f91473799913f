// Runtime configuration of the embedded server, read once from the environment.
import path from 'node:path';

export interface Config {
  /** Folder holding forge.db, repositories/ and attachments/. */
  dataDir: string;
  /**
   * FORGE_DATABASE_URL=postgres://user:password@host:5432/forge puts the database on PostgreSQL
   * instead of dataDir/forge.db; several server processes may then share it and one repository
   * folder (issue #12). Unset: SQLite.
   */
  databaseUrl?: string;
  port: number;
  /** Public URL of the forge, with a trailing slash; used for html_url and clone_url. */
  rootUrl: string;
  /** Folder of the built web app (vite build output); absent in API-only tests. */
  webDir?: string;
  /** Hostname shown in SSH clone URLs. */
  sshHost: string;
  version: string;
  /**
   * Throttling of password guesses (Basic auth on the API, token creation, git over HTTP):
   * after this many failed sign-ins for one account within the window, every sign-in as that
   * account answers 429 with Retry-After until the window ends, the right password included.
   * FORGE_LOGIN_MAX_FAILURES, default 10; 0 turns the limit off. A successful sign-in resets it.
   */
  loginMaxFailures: number;
  /**
   * The same for all failed sign-ins from one client address, whatever account they name (a
   * sweep over many names). FORGE_LOGIN_MAX_FAILURES_PER_ADDRESS, default 50; 0 turns it off.
   */
  loginMaxFailuresPerAddress: number;
  /** Length of the window both limits count in. FORGE_LOGIN_WINDOW_SECONDS, default 900 (15 minutes). */
  loginWindowSeconds: number;
  /**
   * FORGE_TRUST_PROXY=true: the client address is the last X-Forwarded-For entry (the one the
   * reverse proxy in front of the forge added) instead of the socket's peer. Only set it behind a
   * proxy that always sets that header, or clients could pick their own address.
   */
  trustProxy: boolean;
  /**
   * Origins whose pages may call the API from a browser (CORS), as Gitea's [cors] ALLOW_DOMAIN.
   * FORGE_CORS_ORIGINS, a comma-separated list such as `https://a.example,https://b.example`, or
   * `*` for any; empty (the default) sends no CORS headers at all.
   */
  corsOrigins: string[];
  /**
   * Web sessions of the embedded web app (issue #23, auth/sessions.ts): a session unused for this
   * long ends. FORGE_SESSION_IDLE_SECONDS, default 604800 (7 days).
   */
  sessionIdleSeconds: number;
  /** A session ends this long after sign-in however much it is used. FORGE_SESSION_MAX_AGE_SECONDS, default 2592000 (30 days). */
  sessionMaxAgeSeconds: number;
  /**
   * Sign-up (issue #20), as Gitea's [service] DISABLE_REGISTRATION: FORGE_DISABLE_REGISTRATION=false
   * lets anyone create an account with POST /user/signup; true (the default for a new install)
   * leaves account creation to administrators. The demo (`npm start` without --no-demo) opens
   * sign-up unless the setting is given (registrationSettingGiven, server/src/main.ts).
   */
  disableRegistration: boolean;
  /**
   * Code search (issue #21, `git grep` over a commit): a search is stopped after
   * FORGE_CODE_SEARCH_TIMEOUT_MS (default 10000) or once FORGE_CODE_SEARCH_MAX_LINES matching
   * lines (default 5000; at most FORGE_CODE_SEARCH_MAX_PER_FILE, default 100, per file) or 16 MiB of
   * output were read, and answers what it found with `truncated: true`. FORGE_CODE_SEARCH_THREADS:
   * git grep's --threads (default 4).
   */
  codeSearch: { timeoutMs: number; maxLines: number; maxPerFile: number; maxBytes: number; threads: number };
  /**
   * Where webhooks may deliver (Gitea's webhook.ALLOWED_HOST_LIST), checked on every address a
   * receiver's name resolves to when connecting. FORGE_WEBHOOK_ALLOWED_HOST_LIST, comma-separated:
   * `external` (public addresses; the default), `private` (RFC 1918, unique local, CGNAT),
   * `loopback`, `*` (anything), host name globs (`*.example.com`) and CIDRs (`10.1.0.0/16`).
   */
  webhookAllowedHostList: string[];
  /** Time limit of one webhook request (Gitea's webhook.DELIVER_TIMEOUT). FORGE_WEBHOOK_DELIVER_TIMEOUT_SECONDS, default 5. */
  webhookDeliverTimeoutSeconds: number;
  /**
   * Largest attachment file in bytes (Gitea's [attachment] MAX_SIZE, in MiB there too):
   * FORGE_ATTACHMENT_MAX_SIZE in MiB, default 2048. Release assets are streamed to disk, so only
   * the disk bounds them, and so are issue and comment attachments.
   */
  attachmentMaxSize: number;
  /**
   * Which issue and comment attachments are taken (Gitea's [attachment] ALLOWED_TYPES): extensions
   * (.zip), MIME types (image/png), wildcards (image/ followed by a star) or any type, comma-separated.
   * FORGE_ATTACHMENT_ALLOWED_TYPES, default any type (Gitea's default lists document, image and
   * archive extensions).
   */
  attachmentAllowedTypes: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const rootUrl = withSlash(env.FORGE_ROOT_URL ?? `http://localhost:${port}/`);
  return {
    dataDir: path.resolve(env.FORGE_DATA_DIR ?? 'data'),
    databaseUrl: env.FORGE_DATABASE_URL?.trim() || undefined,
    port,
    rootUrl,
    webDir: path.resolve(env.FORGE_WEB_DIR ?? 'dist'),
    sshHost: new URL(rootUrl).hostname,
    version: '1.22.0+forge-0.1.0',
    loginMaxFailures: count(env.FORGE_LOGIN_MAX_FAILURES, 10),
    loginMaxFailuresPerAddress: count(env.FORGE_LOGIN_MAX_FAILURES_PER_ADDRESS, 50),
    loginWindowSeconds: count(env.FORGE_LOGIN_WINDOW_SECONDS, 900) || 900,
    trustProxy: /^(1|true|yes|on)$/i.test(env.FORGE_TRUST_PROXY ?? ''),
    corsOrigins: (env.FORGE_CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    sessionIdleSeconds: count(env.FORGE_SESSION_IDLE_SECONDS, 7 * 86400) || 7 * 86400,
    sessionMaxAgeSeconds: count(env.FORGE_SESSION_MAX_AGE_SECONDS, 30 * 86400) || 30 * 86400,
    disableRegistration: !/^(0|false|no|off)$/i.test(env.FORGE_DISABLE_REGISTRATION?.trim() ?? ''),
    codeSearch: {
      timeoutMs: count(env.FORGE_CODE_SEARCH_TIMEOUT_MS, 10_000) || 10_000,
      maxLines: count(env.FORGE_CODE_SEARCH_MAX_LINES, 5000) || 5000,
      maxPerFile: count(env.FORGE_CODE_SEARCH_MAX_PER_FILE, 100) || 100,
      maxBytes: 16 * 1024 * 1024,
      threads: count(env.FORGE_CODE_SEARCH_THREADS, 4) || 4,
    },
    webhookAllowedHostList: (env.FORGE_WEBHOOK_ALLOWED_HOST_LIST || 'external')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    webhookDeliverTimeoutSeconds: count(env.FORGE_WEBHOOK_DELIVER_TIMEOUT_SECONDS, 5) || 5,
    attachmentMaxSize: count(env.FORGE_ATTACHMENT_MAX_SIZE, 2048) * 1024 * 1024,
    attachmentAllowedTypes: env.FORGE_ATTACHMENT_ALLOWED_TYPES?.trim() || '*/*',
  };
}

/** A whole number setting; a missing or malformed value means the default. */
function count(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
}

export function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

// Settings read from the environment each time they are asked for (tests set some of them while
// the process runs). With loadConfig these are the server's only readers of process.env, apart
// from git's own environment (git/run-git.ts, git/hooks.ts).

/** FORGE_SQLITE_DRIVER: 'better-sqlite3' or 'node' forces that SQLite driver; otherwise undefined. */
export function sqliteDriverSetting(): string | undefined {
  return process.env.FORGE_SQLITE_DRIVER;
}

/** FORGE_DATABASE_POOL: PostgreSQL connections for queries (default 10). */
export function databasePoolSize(): number {
  return Number(process.env.FORGE_DATABASE_POOL ?? 10) || 10;
}

/** FORGE_DATABASE_LOCK_POOL: PostgreSQL connections holding repository locks (default 32). */
export function databaseLockPoolSize(): number {
  return Number(process.env.FORGE_DATABASE_LOCK_POOL ?? 32) || 32;
}

/** FORGE_NO_DEMO=1: a first start seeds no demo data (as `serve --no-demo`). */
export function demoDisabled(): boolean {
  return process.env.FORGE_NO_DEMO === '1';
}

/** FORGE_SHUTDOWN_TIMEOUT_SECONDS: how long a stop waits for requests in flight (default 30). */
export function shutdownTimeoutSeconds(): number {
  const raw = process.env.FORGE_SHUTDOWN_TIMEOUT_SECONDS;
  const n = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : 30;
}

/** FORGE_CRASH_AT: the test-only failure point (services/repo-folders.ts crashPoint) to die at. */
export function crashAtSetting(): string | undefined {
  return process.env.FORGE_CRASH_AT;
}

/** Whether FORGE_DISABLE_REGISTRATION is set at all (the demo opens sign-up only when it is not). */
export function registrationSettingGiven(): boolean {
  return (process.env.FORGE_DISABLE_REGISTRATION ?? '').trim() !== '';
}
