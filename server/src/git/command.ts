// A git command line that is safe by construction, after Gitea's modules/git/gitcmd: subcommands
// and flags can only be string literals written in this code base (a value computed at run time
// does not type-check as one), and every run-time value goes in through a method that refuses
// what git could read as an option or what cannot be a value at all. runGit() takes only these.
import { GitInputError } from './run-git-errors.ts';

/** A string type only a literal satisfies: `string` itself (a computed value) becomes `never`. */
export type Literal<S extends string> = string extends S ? never : S;

// C0 controls and DEL; a value on the command line never needs them (messages go through stdin
// or a stuck option such as --message=).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function refuse(what: string, why: string): never {
  throw new GitInputError(`invalid ${what}: ${why}`);
}

/** A run-time value for a position git reads as a value (a ref, a SHA, a remote URL). */
export function checkValue(value: string, what = 'value'): string {
  if (value === '') refuse(what, 'empty');
  // A NUL first, with the runner's own wording: that refusal reads the same wherever it happens.
  if (value.includes('\0')) refuse(what, 'contains a NUL byte');
  if (value.startsWith('-')) refuse(what, 'starts with "-"');
  if (CONTROL.test(value)) refuse(what, 'contains a control character');
  return value;
}

/** A value joined to its option (--format=…, -c key=…): it cannot become an option, but a NUL cannot pass. */
function checkStuck(value: string, what: string): string {
  if (value.includes('\0')) refuse(what, 'contains a NUL byte');
  return value;
}

/** A path after `--`: anything but a NUL byte or an empty string. */
function checkPath(value: string): string {
  if (value === '') refuse('path', 'empty');
  if (value.includes('\0')) refuse('path', 'contains a NUL byte');
  return value;
}

export class GitCommand {
  #args: string[];
  #hasPaths = false;

  private constructor(args: string[]) {
    this.#args = args;
  }

  /** `git <sub>`; global options (-c) go before it through config(). */
  static of<S extends string>(subcommand: Literal<S>): GitCommand {
    if (!/^[a-z][a-z-]*$/.test(subcommand)) refuse('subcommand', subcommand);
    return new GitCommand([subcommand]);
  }

  /**
   * `-c key=value` before the subcommand (the key is a literal, the value joined to it). Several
   * go in the order given: `git('x').config('a', '1').config('b', '2')` is `-c a=1 -c b=2 x`.
   */
  config<K extends string>(key: Literal<K>, value: string): this {
    let i = 0;
    while (this.#args[i] === '-c') i += 2;
    this.#args.splice(i, 0, '-c', `${key}=${checkStuck(value, key)}`);
    return this;
  }

  /** Flags written in the code (`--no-color`, `-z`): literals that start with `-`. */
  flag<F extends string>(...flags: Literal<F>[]): this {
    for (const f of flags) {
      if (!f.startsWith('-') || f.includes('\0')) refuse('flag', f);
      this.#args.push(f);
    }
    return this;
  }

  /** An option with a run-time value stuck to it: `--format=<value>`, or `-U<value>` for a short one. */
  option<F extends string>(name: Literal<F>, value: string | number): this {
    if (!name.startsWith('-')) refuse('option', name);
    const v = checkStuck(String(value), name);
    this.#args.push(name.startsWith('--') ? `${name}=${v}` : `${name}${v}`);
    return this;
  }

  /** Run-time values where git reads values (refs, SHAs, names): never an option, no control characters. */
  value(...values: string[]): this {
    if (this.#hasPaths) refuse('value', 'after paths');
    for (const v of values) this.#args.push(checkValue(v));
    return this;
  }

  /** A fixed word that is not a flag, such as `HEAD` or `blob`: a literal. */
  word<W extends string>(...words: Literal<W>[]): this {
    if (this.#hasPaths) refuse('word', 'after paths');
    for (const w of words) this.#args.push(w);
    return this;
  }

  /** `--` then the paths: git takes nothing after it as an option. */
  paths(list: readonly string[]): this {
    if (!this.#hasPaths) this.#args.push('--');
    this.#hasPaths = true;
    for (const p of list) this.#args.push(checkPath(p));
    return this;
  }

  /** The argument vector, for the runner and for messages. */
  get args(): readonly string[] {
    return this.#args;
  }

  /** The subcommand (the first argument after any -c pairs). */
  get subcommand(): string {
    let i = 0;
    while (this.#args[i] === '-c') i += 2;
    return this.#args[i] ?? '';
  }
}

/** Shorthand: `git('log').flag('-z')…`. */
export const git = <S extends string>(subcommand: Literal<S>): GitCommand => GitCommand.of(subcommand);
