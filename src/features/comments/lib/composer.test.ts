import { describe, expect, it } from 'vitest';
import { applyFormat } from './markdown-format';
import { insertCompletion, triggerAt } from './mention-trigger';
import { replaceShortcodes } from '../../markdown/lib/emoji-map';

const sel = (value: string, from: string, to = from) => ({
  value,
  start: value.indexOf(from),
  end: value.indexOf(to) + (to === from ? from.length : to.length),
});

describe('applyFormat', () => {
  it('wraps the selection in bold, italic and code, selecting the words again', () => {
    const e = sel('say hello now', 'hello');
    expect(applyFormat(e, 'bold')).toEqual({ value: 'say **hello** now', start: 6, end: 11 });
    expect(applyFormat(e, 'italic').value).toBe('say _hello_ now');
    expect(applyFormat(e, 'code').value).toBe('say `hello` now');
  });

  it('inserts a placeholder with nothing selected, and a fenced block for several lines', () => {
    const r = applyFormat({ value: 'x ', start: 2, end: 2 }, 'bold');
    expect(r.value).toBe('x **bold text**');
    expect(r.value.slice(r.start, r.end)).toBe('bold text');
    expect(applyFormat({ value: 'a\nb', start: 0, end: 3 }, 'code').value).toBe('```\na\nb\n```');
  });

  it('makes a link with the URL selected to type over', () => {
    const r = applyFormat(sel('see docs', 'docs'), 'link');
    expect(r.value).toBe('see [docs](url)');
    expect(r.value.slice(r.start, r.end)).toBe('url');
  });

  it('prefixes every selected line for quote, list and task list, and toggles it off again', () => {
    const e = { value: 'one\ntwo', start: 0, end: 7 };
    expect(applyFormat(e, 'quote').value).toBe('> one\n> two');
    expect(applyFormat(e, 'list').value).toBe('- one\n- two');
    const tasks = applyFormat(e, 'tasklist');
    expect(tasks.value).toBe('- [ ] one\n- [ ] two');
    expect(applyFormat(tasks, 'tasklist').value).toBe('one\ntwo');
  });

  it('starts a mention at a word boundary', () => {
    expect(applyFormat({ value: 'hi', start: 2, end: 2 }, 'mention')).toEqual({ value: 'hi @', start: 4, end: 4 });
  });
});

describe('triggerAt / insertCompletion', () => {
  it('finds @name and #words at the caret only at a word start', () => {
    expect(triggerAt('ping @al', 8)).toEqual({ char: '@', query: 'al', start: 5 });
    expect(triggerAt('fixes #12', 9)).toEqual({ char: '#', query: '12', start: 6 });
    expect(triggerAt('mail a@b', 8)).toBeNull();
    expect(triggerAt('a#1', 3)).toBeNull();
  });

  it('replaces the token and leaves the caret after a space', () => {
    const t = triggerAt('ping @al', 8)!;
    expect(insertCompletion('ping @al', 8, t, '@alice')).toEqual({ value: 'ping @alice ', caret: 12 });
  });
});

describe('replaceShortcodes', () => {
  it('turns known shortcodes into emoji and leaves unknown ones as typed', () => {
    const map = new Map([
      ['+1', '👍'],
      ['tada', '🎉'],
    ]);
    expect(replaceShortcodes('nice :+1: :tada: :nope:', map)).toBe('nice 👍 🎉 :nope:');
  });
});
