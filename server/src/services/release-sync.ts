// Releases follow their tags as git moves them (Gitea's pushUpdateAddTags and PushUpdateDeleteTags,
// services/repository/push.go): a pushed tag publishes the draft release waiting for it, with the
// tag's commit and date; a deleted tag turns its release back into a draft without a commit, so
// /releases/latest and the tarball links never point at a tag that is gone.
import { repoDir, type Deps } from '../context.ts';
import { findReleaseByTag, updateReleaseRow } from '../db/releases.ts';
import { getTag } from '../git/tags.ts';
import { ZERO_SHA } from '../git/refs.ts';
import type { EventBus, PushEvent } from './events.ts';

const TAGS = 'refs/tags/';

async function followTags(deps: Deps, e: PushEvent): Promise<void> {
  const { repo } = e.repository;
  for (const change of e.changes) {
    if (!change.ref.startsWith(TAGS)) continue;
    const name = change.ref.slice(TAGS.length);
    const release = await findReleaseByTag(deps.db, repo.id, name);
    if (!release) continue;
    if (change.newId === ZERO_SHA) {
      if (release.is_draft !== 1 || release.sha1) await updateReleaseRow(deps.db, release.id, { is_draft: 1, sha1: '' });
      continue;
    }
    const tag = await getTag(repoDir(deps.config, repo.owner_name, repo.name), name);
    if (!tag) continue;
    await updateReleaseRow(deps.db, release.id, {
      is_draft: 0,
      sha1: tag.commitSha,
      created_unix: Math.floor(Date.parse(tag.created) / 1000) || release.created_unix,
    });
  }
}

export function registerReleaseSubscribers(bus: EventBus): void {
  bus.on('push', async (e, deps) => {
    try {
      await followTags(deps, e);
    } catch (err) {
      console.error(`releases following the tags of repository ${e.repository.repo.id} failed:`, err);
    }
  });
}
