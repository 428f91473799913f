// Set-up shared by the tests that drive the real git CLI against a listening forge (git over smart
// HTTP needs a real socket, not app.fetch), so each test file does not repeat the server start and
// the isolated git HOME.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import type { TestForge } from './helpers.ts';

export const exec = promisify(execFile);

/** Serves the forge's app on a free port of 127.0.0.1; `base` is its origin. */
export async function listenForge(forge: TestForge): Promise<{ base: string; close: () => void }> {
  const server = serve({ fetch: forge.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** The clone URL of `owner/name` on `base`, with basic credentials (user and password or token) when given. */
export const gitUrl = (base: string, repoPath: string, cred?: [string, string]) =>
  (cred ? base.replace('://', `://${encodeURIComponent(cred[0])}:${encodeURIComponent(cred[1])}@`) : base) + `/${repoPath}.git`;

export interface GitClient {
  /** A temp HOME with its own .gitconfig (identity, main as default branch); work trees go inside it. */
  home: string;
  /** The environment every git call gets: no system config, no prompts, C locale. */
  env: NodeJS.ProcessEnv;
  git(cwd: string, ...args: string[]): Promise<{ stdout: string; stderr: string }>;
  /** Runs git expecting failure; returns its stderr (where git prints `remote:` lines and the ref status). */
  gitFails(cwd: string, ...args: string[]): Promise<string>;
  /** A fresh folder under home. */
  tmp(prefix?: string): string;
  cleanup(): void;
}

/** A git CLI isolated from the machine's configuration; `prefix` names its temp HOME. */
export function gitClient(prefix: string): GitClient {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.writeFileSync(path.join(home, '.gitconfig'), '[user]\n\tname = Test Person\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n');
  const env = { PATH: process.env.PATH, HOME: home, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C' };
  const git = (cwd: string, ...args: string[]) => exec('git', args, { cwd, env });
  return {
    home,
    env,
    git,
    async gitFails(cwd, ...args) {
      try {
        await git(cwd, ...args);
      } catch (e: any) {
        return String(e.stderr);
      }
      throw new Error(`git ${args.join(' ')} succeeded but should have failed`);
    },
    tmp: (p = 'w-') => fs.mkdtempSync(path.join(home, p)),
    cleanup: () => fs.rmSync(home, { recursive: true, force: true }),
  };
}
