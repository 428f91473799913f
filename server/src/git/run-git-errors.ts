// The errors of running git: a failed command, and a value git could never accept.
export class GitError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(message);
  }
}

/**
 * A user value git can never accept (a NUL byte in an argument or in a line of text input). The
 * error handler answers it 404 on reads (no such ref or path can exist) and 422 on writes, so bad
 * input from anywhere is refused here once, before git or Node's process spawning sees it.
 */
export class GitInputError extends GitError {
  constructor(message: string) {
    super(message, null, '');
  }
}
