// Plain git for test fixtures and benchmarks (setting up repositories, reading what the server
// wrote): tests call git as a person would. The server itself runs git only through
// server/src/git (a built GitCommand).
import { execFile } from 'node:child_process';
import { gitEnv } from '../src/git/run-git.ts';

export function gitCli(args: string[], opts: { cwd: string; input?: string | Buffer; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      { cwd: opts.cwd, env: { ...gitEnv, ...opts.env }, maxBuffer: 256 * 1024 * 1024, encoding: 'buffer' },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`git ${args[0]} failed: ${stderr.toString().trim() || err.message}`));
        else resolve(stdout.toString('utf8'));
      },
    );
    child.stdin?.on('error', () => {});
    child.stdin?.end(opts.input ?? '');
  });
}
