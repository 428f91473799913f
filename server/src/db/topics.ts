// Repository topics (Gitea's models/repo/topic.go): the topic rows, which repositories carry them,
// and the `topics` column of `repository` kept in step (syncTopicsInRepository), so a repository
// list shows topics without a query per row. Counts are recounted, never incremented, so two
// writers cannot make them drift.
import { sql } from 'kysely';
import type { Db } from './types.ts';
import type { TopicRow } from './schema.ts';
import { likeContains } from './dialect.ts';
import type { RepoFilter } from './repos.ts';

const nowUnix = () => Math.floor(Date.now() / 1000);

/** A repository's topic names by name (Gitea's FindTopics with a RepoID), one page, and how many it has. */
export async function repoTopicNames(db: Db, repoId: number, page?: { limit: number; offset: number }): Promise<{ total: number; names: string[] }> {
  const base = db.selectFrom('topic').innerJoin('repo_topic', 'repo_topic.topic_id', 'topic.id').where('repo_topic.repo_id', '=', repoId);
  let q = base.select('topic.name').orderBy('topic.name');
  if (page) q = q.limit(page.limit).offset(page.offset);
  const [rows, count] = await Promise.all([q.execute(), base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
  return { total: Number(count.n), names: rows.map((r) => r.name) };
}

/** The ids of these topic names, creating the missing ones (two writers may race: the name is unique). */
async function topicIds(db: Db, names: string[]): Promise<number[]> {
  if (!names.length) return [];
  const now = nowUnix();
  await db
    .insertInto('topic')
    .values(names.map((name) => ({ name, repo_count: 0, created_unix: now, updated_unix: now })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const rows = await db.selectFrom('topic').select(['id', 'name']).where('name', 'in', names).execute();
  return rows.map((r) => r.id);
}

/** Recounts these topics' repositories and rewrites the repository's `topics` column. */
async function sync(db: Db, repoId: number, changed: number[]): Promise<void> {
  if (changed.length) {
    await db
      .updateTable('topic')
      .set((eb) => ({
        repo_count: eb
          .selectFrom('repo_topic')
          .select((s) => s.fn.countAll<number>().as('n'))
          .whereRef('repo_topic.topic_id', '=', 'topic.id'),
        updated_unix: nowUnix(),
      }))
      .where('id', 'in', changed)
      .execute();
  }
  const rows = await db
    .selectFrom('topic')
    .innerJoin('repo_topic', 'repo_topic.topic_id', 'topic.id')
    .select('topic.name')
    .where('repo_topic.repo_id', '=', repoId)
    .orderBy('topic.repo_count', 'desc')
    .orderBy('topic.name')
    .execute();
  await db
    .updateTable('repository')
    .set({ topics: JSON.stringify(rows.map((r) => r.name)) })
    .where('id', '=', repoId)
    .execute();
}

/** Gives the repository exactly these topics (already checked and lower-cased), as Gitea's SaveTopics. */
export async function replaceRepoTopics(db: Db, repoId: number, names: string[]): Promise<void> {
  const current = await db.selectFrom('repo_topic').select('topic_id').where('repo_id', '=', repoId).execute();
  const wanted = await topicIds(db, names);
  const had = new Set(current.map((r) => r.topic_id));
  const keep = new Set(wanted);
  const added = wanted.filter((id) => !had.has(id));
  const removed = [...had].filter((id) => !keep.has(id));
  if (added.length)
    await db
      .insertInto('repo_topic')
      .values(added.map((topic_id) => ({ repo_id: repoId, topic_id })))
      .execute();
  if (removed.length) await db.deleteFrom('repo_topic').where('repo_id', '=', repoId).where('topic_id', 'in', removed).execute();
  await sync(db, repoId, [...added, ...removed]);
}

/** Adds one topic (nothing happens when the repository has it already). */
export async function addRepoTopic(db: Db, repoId: number, name: string): Promise<void> {
  const [id] = await topicIds(db, [name]);
  const res = await db
    .insertInto('repo_topic')
    .values({ repo_id: repoId, topic_id: id! })
    .onConflict((oc) => oc.columns(['repo_id', 'topic_id']).doNothing())
    .executeTakeFirst();
  if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) await sync(db, repoId, [id!]);
}

/** Removes one topic; false when the repository does not have it. */
export async function removeRepoTopic(db: Db, repoId: number, name: string): Promise<boolean> {
  const topic = await db.selectFrom('topic').select('id').where('name', '=', name).executeTakeFirst();
  if (!topic) return false;
  const res = await db.deleteFrom('repo_topic').where('repo_id', '=', repoId).where('topic_id', '=', topic.id).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) return false;
  await sync(db, repoId, [topic.id]);
  return true;
}

/** A deleted repository's topics: the links go and the counts drop (Gitea's RemoveTopicsFromRepo). */
export async function removeAllRepoTopics(db: Db, repoId: number): Promise<void> {
  const rows = await db.selectFrom('repo_topic').select('topic_id').where('repo_id', '=', repoId).execute();
  if (!rows.length) return;
  await db.deleteFrom('repo_topic').where('repo_id', '=', repoId).execute();
  await sync(
    db,
    repoId,
    rows.map((r) => r.topic_id),
  );
}

export interface TopicHit extends Pick<TopicRow, 'id' | 'name' | 'created_unix' | 'updated_unix'> {
  repo_count: number;
}

/**
 * Topics whose name contains `keyword` (Gitea's FindTopics with a Keyword), most used first. Only
 * repositories `readable` may see count, so a topic carried by private repositories alone stays
 * hidden from who cannot read them.
 */
export async function searchTopics(
  db: Db,
  readable: RepoFilter,
  keyword: string,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: TopicHit[] }> {
  const visible = db.selectFrom('repository').select('repository.id').where(readable);
  let base = db.selectFrom('topic').innerJoin('repo_topic', 'repo_topic.topic_id', 'topic.id').where('repo_topic.repo_id', 'in', visible);
  if (keyword) base = base.where((eb) => likeContains(eb.ref('topic.name'), keyword));
  const [rows, count] = await Promise.all([
    base
      .select(['topic.id', 'topic.name', 'topic.created_unix', 'topic.updated_unix'])
      .select(sql<number>`count(*)`.as('repo_count'))
      .groupBy(['topic.id', 'topic.name', 'topic.created_unix', 'topic.updated_unix'])
      .orderBy('repo_count', 'desc')
      .orderBy('topic.name')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select(sql<number>`count(distinct topic.id)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), rows: rows.map((r) => ({ ...r, repo_count: Number(r.repo_count) })) };
}
