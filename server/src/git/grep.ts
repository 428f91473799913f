// Code search: `git grep` over a commit's tree in the bare repository (no checkout), streamed and
// bounded: the query goes in as the value of -e (never a bare word), the process is killed at the
// time limit or once enough matching lines (or bytes) have been read, and the caller hears that
// the results were cut short. Lines come back in git's order: by path, then line number.
import { git } from './command.ts';
import { spawnGit } from './run-git.ts';

export interface GrepOptions {
  /** The commit to search (a full SHA, already resolved). */
  commit: string;
  query: string;
  /** 'literal': -F; 'regex': Perl-compatible (-P). */
  mode: 'literal' | 'regex';
  ignoreCase: boolean;
  /** Pathspecs to limit the search to (none: the whole tree). */
  paths: string[];
  /** Stop after this many matching lines in all. */
  maxLines: number;
  /** At most this many matching lines per file (git's --max-count). */
  maxPerFile: number;
  /** Stop reading after this many bytes of output. */
  maxBytes: number;
  timeoutMs: number;
  threads: number;
}

export interface GrepLine {
  path: string;
  line: number;
  text: string;
}

export interface GrepResult {
  lines: GrepLine[];
  /** Output was cut at maxLines/maxBytes or the time limit: there may be more matches. */
  truncated: boolean;
  timedOut: boolean;
}

/** git refused the pattern (an invalid regular expression): its message. */
export class GrepPatternError extends Error {}

export function grepCommit(dir: string, o: GrepOptions): Promise<GrepResult> {
  const cmd = git('grep').flag('-n', '-I', '--null', '--no-color', '--full-name');
  if (o.mode === 'literal') cmd.flag('-F');
  else cmd.flag('-P');
  if (o.ignoreCase) cmd.flag('-i');
  cmd.option('--max-count', o.maxPerFile).option('--threads', o.threads).option('-e', o.query).value(o.commit);
  cmd.paths(o.paths);
  const child = spawnGit(cmd, { cwd: dir, timeoutMs: o.timeoutMs + 5_000 });
  const prefix = `${o.commit}:`;
  const lines: GrepLine[] = [];
  let bytes = 0;
  let stopped = false;
  let timedOut = false;
  let rest = Buffer.alloc(0);
  let stderr = '';
  const stop = () => {
    if (stopped) return;
    stopped = true;
    child.kill('SIGKILL');
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, o.timeoutMs);
  const parse = (line: Buffer) => {
    // <commit>:<path> NUL <line> NUL <text>
    const a = line.indexOf(0);
    const b = a < 0 ? -1 : line.indexOf(0, a + 1);
    if (b < 0) return;
    const name = line.subarray(0, a).toString('utf8');
    lines.push({
      path: name.startsWith(prefix) ? name.slice(prefix.length) : name,
      line: Number(line.subarray(a + 1, b).toString('latin1')),
      text: line.subarray(b + 1).toString('utf8'),
    });
  };
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (stopped) return;
      bytes += chunk.length;
      let buf = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      let nl: number;
      while ((nl = buf.indexOf(10)) >= 0) {
        parse(buf.subarray(0, nl));
        buf = buf.subarray(nl + 1);
        if (lines.length >= o.maxLines) return stop();
      }
      rest = Buffer.from(buf);
      if (bytes >= o.maxBytes) stop();
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 4096) stderr += d.toString('utf8');
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (stopped) return resolve({ lines, truncated: true, timedOut });
      if (rest.length) parse(rest);
      // 0: matches, 1: none; anything else is git refusing the search (a bad pattern).
      if (code === 0 || code === 1) return resolve({ lines, truncated: false, timedOut: false });
      const message = stderr.replace(/^fatal: /, '').trim() || `git grep exited with ${code}`;
      reject(new GrepPatternError(message));
    });
  });
}
