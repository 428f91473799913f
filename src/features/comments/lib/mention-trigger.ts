// What is being typed at the caret when it is an `@name` or `#number/words` to complete: the
// trigger character, the words after it and where the token starts. Only at a word start, so
// e-mail addresses and "a#1" do not open suggestions.

export interface Trigger {
  char: '@' | '#';
  query: string;
  /** Index of the trigger character. */
  start: number;
}

export function triggerAt(value: string, caret: number): Trigger | null {
  const before = value.slice(0, caret);
  const m = /(^|[\s(])([@#])([\w.-]{0,40})$/.exec(before);
  if (!m) return null;
  return { char: m[2] as '@' | '#', query: m[3]!, start: caret - m[3]!.length - 1 };
}

/** The text with the token replaced by `insert` and a space after it; the caret goes after that space. */
export function insertCompletion(value: string, caret: number, t: Trigger, insert: string): { value: string; caret: number } {
  const after = value.slice(caret);
  const space = after.startsWith(' ') ? '' : ' ';
  const next = value.slice(0, t.start) + insert + space + after;
  return { value: next, caret: t.start + insert.length + 1 };
}
