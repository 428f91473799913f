// Gitea's topic rules (models/repo/topic.go), checked before a save so the field can say what is
// wrong at once: lower case letters, digits, dashes and dots, starting with a letter or digit, at
// most 35 characters, at most 25 topics. The server checks the same and has the last word.
export const MAX_TOPICS = 25;
const PATTERN = /^[a-z0-9][-.a-z0-9]*$/;

/** The names typed (spaces or commas between them), lower-cased, without repeats. */
export function parseTopics(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[\s,]+/)) {
    const name = raw.trim().toLowerCase();
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

/** What is wrong with these topics, as a sentence, or null. */
export function topicsProblem(names: string[]): string | null {
  const bad = names.filter((n) => n.length > 35 || !PATTERN.test(n));
  if (bad.length)
    return `${bad.map((b) => `“${b}”`).join(', ')} ${bad.length === 1 ? 'is not a valid topic' : 'are not valid topics'}: use lower case letters, digits, dashes and dots, start with a letter or digit, at most 35 characters.`;
  if (names.length > MAX_TOPICS) return `A repository can have at most ${MAX_TOPICS} topics (${names.length} given).`;
  return null;
}
