// `git archive` of one commit as a stream: every path under "<prefix>", written as git produces it.
import { git } from './command.ts';
import { processStream } from './process-stream.ts';
import { spawnGit } from './run-git.ts';

/** The archive of `commit` (a full SHA we resolved) in `format`, each path under `prefix`; the process is killed if the reader cancels. */
export function archiveStream(dir: string, commit: string, format: 'zip' | 'tar.gz', prefix: string): ReadableStream<Uint8Array> {
  const cmd = git('archive').option('--format', format).option('--prefix', prefix).flag('--end-of-options').value(commit);
  return processStream(spawnGit(cmd, { cwd: dir, timeoutMs: 30 * 60_000 }));
}
