// The one way the server runs git: execFile with an argument array (never a shell), a fixed
// environment, a timeout, and a check that no user value can be read as an option.
import { execFile, spawn } from 'node:child_process';
import type { GitCommand } from './command.ts';
import { GitError, GitInputError } from './run-git-errors.ts';

export { GitError, GitInputError };

// Commands whose standard input is binary data (file contents, packs, fast-import streams) and may
// hold NUL bytes; every other command reads lines of text (refs, SHAs, messages).
const BINARY_INPUT = new Set(['hash-object', 'fast-import', 'index-pack', 'pack-objects', 'unpack-objects', 'http-backend', 'upload-pack', 'receive-pack']);

function checkInput(args: readonly string[], input: string | Buffer | undefined, subcommand = args[0] ?? ''): void {
  if (args.some((a) => a.includes('\0'))) throw new GitInputError('invalid value: contains a NUL byte');
  if (input === undefined || args.includes('-z') || BINARY_INPUT.has(subcommand)) return;
  if (typeof input === 'string' ? input.includes('\0') : input.includes(0)) throw new GitInputError('invalid value: contains a NUL byte');
}

export const gitEnv: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME ?? '/tmp',
  LC_ALL: 'C',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
  GIT_NO_REPLACE_OBJECTS: '1',
};

export interface RunGitOptions {
  /** Repository (bare) or work tree to run in. */
  cwd: string;
  /** Written to git's standard input. */
  input?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  maxBuffer?: number;
}

/**
 * A user value that will be passed to git as an argument: refuses anything that git could take
 * for an option. Paths go after `--` as well, but refs and SHAs cannot.
 */
export function userArg(value: string, what = 'value'): string {
  if (value.startsWith('-') || value.includes('\0')) throw new GitInputError(`invalid ${what}`);
  return value;
}

/** Runs a built command and gives its standard output as bytes. */
export function runGitBuffer(cmd: GitCommand, opts: RunGitOptions): Promise<Buffer> {
  return execGit([...cmd.args], opts, cmd.subcommand);
}

/** Runs a built command and gives its standard output as UTF-8 text. */
export async function runGit(cmd: GitCommand, opts: RunGitOptions): Promise<string> {
  return (await runGitBuffer(cmd, opts)).toString('utf8');
}

/** Streams a built command's output (git http-backend, large blobs, archives). */
export function spawnGit(cmd: GitCommand, opts: Omit<RunGitOptions, 'input' | 'maxBuffer'>) {
  checkInput(cmd.args, undefined, cmd.subcommand);
  return spawn('git', [...cmd.args], { cwd: opts.cwd, env: { ...gitEnv, ...opts.env }, timeout: opts.timeoutMs ?? 10 * 60_000 });
}

function execGit(args: string[], opts: RunGitOptions, subcommand: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Inside the executor, so a refused value rejects the promise like any failure of git.
    checkInput(args, opts.input, subcommand);
    const child = execFile(
      'git',
      args,
      {
        cwd: opts.cwd,
        env: { ...gitEnv, ...opts.env },
        timeout: opts.timeoutMs ?? 60_000,
        maxBuffer: opts.maxBuffer ?? 256 * 1024 * 1024,
        encoding: 'buffer',
      },
      (err, stdout, stderr) => {
        if (err) {
          const code = typeof (err as any).code === 'number' ? (err as any).code : null;
          reject(new GitError(`git ${subcommand} failed: ${stderr.toString().trim() || err.message}`, code, stderr.toString()));
        } else resolve(stdout);
      },
    );
    // git may exit before reading its input (EPIPE); the exit status reports what went wrong, and
    // an unhandled stream error would take the whole server down.
    child.stdin?.on('error', () => {});
    child.stdin?.end(opts.input ?? '');
  });
}
