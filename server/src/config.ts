// Runtime configuration of the embedded server, read once from the environment.
import path from 'node:path';

export interface Config {
  /** Folder holding forge.db, repositories/ and attachments/. */
  dataDir: string;
  port: number;
  /** Public URL of the forge, with a trailing slash; used for html_url and clone_url. */
  rootUrl: string;
  /** Folder of the built web app (vite build output); absent in API-only tests. */
  webDir?: string;
  /** Hostname shown in SSH clone URLs. */
  sshHost: string;
  version: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const rootUrl = withSlash(env.FORGE_ROOT_URL ?? `http://localhost:${port}/`);
  return {
    dataDir: path.resolve(env.FORGE_DATA_DIR ?? 'data'),
    port,
    rootUrl,
    webDir: path.resolve(env.FORGE_WEB_DIR ?? 'dist'),
    sshHost: new URL(rootUrl).hostname,
    version: '1.22.0+forge-0.1.0',
  };
}

export function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
