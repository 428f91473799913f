// The git command builder (git/command.ts): subcommands, flags and words are literals written in
// the code; run-time values go in through methods that refuse what git could read as an option.
import { describe, expect, it } from 'vitest';
import { git } from '../src/git/command.ts';
import { GitInputError } from '../src/git/run-git-errors.ts';

describe('the git command builder', () => {
  it('takes only literals as subcommands, flags and words', () => {
    const computed: string = ['--upload', 'pack=evil'].join('-');
    // @ts-expect-error a computed string is not a literal flag
    expect(() => git('log').flag(computed)).not.toThrow();
    // @ts-expect-error a computed string is not a literal subcommand
    expect(() => git(computed)).toThrow(GitInputError);
    // @ts-expect-error a computed string is not a literal word
    git('log').word(computed);
    expect(git('log').flag('--no-color', '-z').word('HEAD').args).toEqual(['log', '--no-color', '-z', 'HEAD']);
  });

  it('refuses a flag that does not start with "-"', () => {
    expect(() => git('log').flag('HEAD')).toThrow(GitInputError);
  });

  it.each([
    ['a leading "-"', '-x'],
    ['a leading "--"', '--upload-pack=x'],
    ['a NUL byte', 'main\0x'],
    ['a newline', 'main\nx'],
    ['another control character', 'a\u0001b'],
    ['an empty string', ''],
  ])('value() refuses %s with a GitInputError', (_what, v) => {
    expect(() => git('rev-parse').value(v)).toThrow(GitInputError);
  });

  it('value() says a NUL byte is a NUL byte, as the runner always did', () => {
    expect(() => git('rev-parse').value('a\0b')).toThrow('invalid value: contains a NUL byte');
  });

  it('value() takes revisions and ranges', () => {
    expect(git('rev-list').value('a...b', '^c', 'refs/heads/x').args).toEqual(['rev-list', 'a...b', '^c', 'refs/heads/x']);
  });

  it('paths() adds "--" once and takes any path but an empty one or one with a NUL byte', () => {
    const cmd = git('log').value('HEAD').paths(['-x', 'a\nb']).paths(['c']);
    expect(cmd.args).toEqual(['log', 'HEAD', '--', '-x', 'a\nb', 'c']);
    expect(git('diff').paths([]).args).toEqual(['diff', '--']);
    expect(() => git('log').paths([''])).toThrow(GitInputError);
    expect(() => git('log').paths(['a\0b'])).toThrow(GitInputError);
  });

  it('takes no value or word after the paths', () => {
    expect(() => git('log').paths(['a']).value('HEAD')).toThrow(GitInputError);
    expect(() => git('log').paths(['a']).word('HEAD')).toThrow(GitInputError);
  });

  it('option() sticks the value to the option', () => {
    const cmd = git('log').option('--format', '%H').option('--max-count', 5).option('-U', 0).option('--format', '-not-an-option');
    expect(cmd.args).toEqual(['log', '--format=%H', '--max-count=5', '-U0', '--format=-not-an-option']);
    expect(() => git('log').option('--format', 'a\0b')).toThrow(GitInputError);
  });

  it('config() goes before the subcommand, in the order given', () => {
    const cmd = git('diff').flag('--no-color').config('core.quotePath', 'false').config('gc.auto', '0');
    expect(cmd.args).toEqual(['-c', 'core.quotePath=false', '-c', 'gc.auto=0', 'diff', '--no-color']);
    expect(() => git('diff').config('core.hooksPath', 'a\0b')).toThrow(GitInputError);
  });

  it('names its subcommand past any -c pairs', () => {
    expect(git('http-backend').config('http.receivepack', 'true').subcommand).toBe('http-backend');
    expect(git('log').subcommand).toBe('log');
  });
});
