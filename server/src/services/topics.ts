// Repository topics, as Gitea's routers/api/v1/repo/topic.go and models/repo/topic.go: names are
// trimmed and lower-cased, must match [a-z0-9][-.a-z0-9]* within 35 characters, and a repository
// carries at most 25. The refusals carry Gitea's `invalidTopics` beside the message. Writers of one
// repository's topics take its row lock first (PostgreSQL runs them at once): two saves would both
// insert the same link and one fail, and two adds could pass the limit together.
import type { Db } from '../db/types.ts';
import type { RepoRow } from '../db/schema.ts';
import { lockRow } from '../db/dialect.ts';
import { addRepoTopic, removeRepoTopic, replaceRepoTopics, repoTopicNames } from '../db/topics.ts';
import { ApiError, notFound } from '../errors.ts';

export const MAX_TOPICS = 25;
const TOPIC_PATTERN = /^[a-z0-9][-.a-z0-9]*$/;

/** Gitea's ValidateTopic. */
export const validTopic = (name: string) => name.length <= 35 && TOPIC_PATTERN.test(name);

/** Gitea's SanitizeAndValidateTopics: trimmed, lower-cased, empty and repeated names dropped. */
export function sanitizeTopics(names: string[]): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const raw of names) {
    const name = raw.trim().toLowerCase();
    if (!name || valid.includes(name)) continue;
    (validTopic(name) ? valid : invalid).push(name);
  }
  return { valid, invalid };
}

const refused = (message: string, invalidTopics: string[] | string | null) => new ApiError(422, message, { invalidTopics });

/** PUT /repos/{owner}/{repo}/topics: the repository's topics become exactly these. */
export async function setRepoTopics(db: Db, repo: RepoRow, names: string[]): Promise<void> {
  const { valid, invalid } = sanitizeTopics(names);
  if (valid.length > MAX_TOPICS) throw refused('Exceeding maximum number of topics per repo', null);
  if (invalid.length) throw refused('Topic names are invalid', invalid);
  await db.transaction().execute(async (trx) => {
    await lockRow(trx, 'repository', repo.id);
    await replaceRepoTopics(trx, repo.id, valid);
  });
}

/** The {topic} of a path, as Gitea reads it; 422 when it can't be a topic. */
function topicOfPath(raw: string): string {
  const name = raw.trim().toLowerCase();
  if (!validTopic(name)) throw refused('Topic name is invalid', name);
  return name;
}

/** PUT /repos/{owner}/{repo}/topics/{topic}. */
export async function addTopicToRepo(db: Db, repo: RepoRow, raw: string): Promise<void> {
  const name = topicOfPath(raw);
  await db.transaction().execute(async (trx) => {
    await lockRow(trx, 'repository', repo.id);
    const { total } = await repoTopicNames(trx, repo.id);
    if (total >= MAX_TOPICS) throw refused('Exceeding maximum allowed topics per repo.', null);
    await addRepoTopic(trx, repo.id, name);
  });
}

/** DELETE /repos/{owner}/{repo}/topics/{topic}: 404 when the repository doesn't have it. */
export async function removeTopicFromRepo(db: Db, repo: RepoRow, raw: string): Promise<void> {
  const name = topicOfPath(raw);
  const removed = await db.transaction().execute(async (trx) => {
    await lockRow(trx, 'repository', repo.id);
    return removeRepoTopic(trx, repo.id, name);
  });
  if (!removed) throw notFound();
}

/** A generated repository takes its template's topics (Gitea's GenerateTopics). */
export async function copyRepoTopics(db: Db, from: RepoRow, toRepoId: number): Promise<void> {
  const names = topicsOf(from);
  if (names.length) await db.transaction().execute((trx) => replaceRepoTopics(trx, toRepoId, names));
}

/** A repository row's topic names (its `topics` column). */
export function topicsOf(repo: Pick<RepoRow, 'topics'>): string[] {
  try {
    const names = JSON.parse(repo.topics ?? '[]') as unknown;
    return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}
