// `git http-backend`, the CGI program behind git over smart HTTP (http/git-http.ts talks to it).
import { git } from './command.ts';
import { spawnGit } from './run-git.ts';

/**
 * Starts `git http-backend` in `dir` with the CGI environment `env`. Pushes and partial clones are
 * allowed here (the caller has checked who may do what), and core.hooksPath points at the
 * server's own hooks (`hooksPath`), so no hook inside a repository ever runs.
 */
export function spawnHttpBackend(dir: string, hooksPath: string, env: NodeJS.ProcessEnv) {
  const cmd = git('http-backend').config('http.receivepack', 'true').config('uploadpack.allowFilter', 'true').config('core.hooksPath', hooksPath);
  return spawnGit(cmd, { cwd: dir, env });
}
