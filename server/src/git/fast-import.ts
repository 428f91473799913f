// `git fast-import`: history written from a stream in one process (demo data, test fixtures).
import { git } from './command.ts';
import { runGit } from './run-git.ts';

/** Imports a fast-import `stream` into the bare repository `dir`. */
export async function fastImport(dir: string, stream: string | Buffer): Promise<void> {
  await runGit(git('fast-import').flag('--quiet'), { cwd: dir, input: stream });
}
