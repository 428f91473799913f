// Tags as Gitea's API answers them: the Tag and AnnotatedTag shapes, and creating (lightweight, or
// annotated by the caller when there is a message) and deleting tags with atomic ref updates, each
// recorded in the activity feeds as a push of that tag would be.
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { UserRow } from '../db/schema.ts';
import { badRequest, conflict, notFound, unprocessable } from '../errors.ts';
import { resolveCommit } from '../git/repo.ts';
import { listTags, refExists, updateRefs, type TagRef } from '../git/refs.ts';
import { cleanupMessage } from '../git/merge.ts';
import { getTag, isValidTagName, readTagObject, writeTagObject } from '../git/tags.ts';
import type { Paging } from '../api/paging.ts';
import { findReleaseByTag } from '../db/releases.ts';
import { recordAction } from './activity.ts';
import { repoApiUrl, repoHtmlUrl, UNSIGNED } from './commits.ts';
import { gitSignature } from './pulls/merge-rules.ts';
import type { RepoContext } from './repo-access.ts';

/** Gitea's convert.ToTag. */
export function toApiTag(config: Config, rc: RepoContext, t: TagRef) {
  const html = repoHtmlUrl(config, rc);
  return {
    name: t.name,
    // Gitea's ToTag trims it.
    message: t.message.trim(),
    id: t.id,
    commit: { url: `${repoApiUrl(config, rc)}/git/commits/${t.commitSha}`, sha: t.commitSha, created: t.created },
    zipball_url: `${html}/archive/${encodeURIComponent(t.name)}.zip`,
    tarball_url: `${html}/archive/${encodeURIComponent(t.name)}.tar.gz`,
  };
}

export type ApiTag = ReturnType<typeof toApiTag>;

export async function listTagsPage(config: Config, rc: RepoContext, p: Paging) {
  const all = await listTags(rc.dir);
  return { total: all.length, items: all.slice(p.offset, p.offset + p.limit).map((t) => toApiTag(config, rc, t)) };
}

const tagMissing = (name: string) => notFound(`tag doesn't exist: ${name}`);

export async function getTagApi(config: Config, rc: RepoContext, name: string): Promise<ApiTag> {
  const t = await getTag(rc.dir, name);
  if (!t) throw tagMissing(name);
  return toApiTag(config, rc, t);
}

/**
 * Gitea's CreateTag: `target` (branch, tag or SHA; the default branch when empty) must name a
 * commit (404 otherwise, also in an empty repository); a message makes an annotated tag with the
 * caller as tagger, none a lightweight one. An existing tag is 409; a name git refuses is 422.
 */
export async function createTag(
  db: Db,
  config: Config,
  rc: RepoContext,
  doer: UserRow,
  body: { tag_name: string; target?: string; message?: string },
): Promise<ApiTag> {
  const name = body.tag_name;
  if (!(await isValidTagName(rc.dir, name))) throw unprocessable(`tag_name: invalid tag name "${name}"`);
  const target = body.target?.trim() || rc.repo.default_branch;
  const commit = await resolveCommit(rc.dir, target);
  if (!commit) throw notFound(`target not found: ${target}`);
  const exists = () => conflict(`tag already exists [name: ${name}]`);
  const message = cleanupMessage(body.message ?? '');
  if (await refExists(rc.dir, `refs/tags/${name}`)) throw exists();
  // Gitea compares tag names without case (IsReleaseExist by LowerTagName): T-NEW beside t-new
  // would be two refs one checkout on a case-insensitive file system cannot tell apart.
  const lower = name.toLowerCase();
  if ((await listTags(rc.dir)).some((t) => t.name.toLowerCase() === lower)) throw exists();
  const sha = message ? await writeTagObject(rc.dir, { name, commit, tagger: gitSignature(doer), message }) : commit;
  try {
    // "create" refuses a ref that exists by now (a concurrent push) or a ref "a" that blocks "a/b";
    // a tag object written for a lost race is left to git gc.
    await updateRefs(rc.dir, [{ kind: 'create', ref: `refs/tags/${name}`, sha }]);
  } catch {
    if (await refExists(rc.dir, `refs/tags/${name}`)) throw exists();
    // Gitea compares tag names without case (IsReleaseExist by LowerTagName): T-NEW beside t-new
    // would be two refs one checkout on a case-insensitive file system cannot tell apart.
    const lower = name.toLowerCase();
    if ((await listTags(rc.dir)).some((t) => t.name.toLowerCase() === lower)) throw exists();
    throw conflict(`tag name conflicts with an existing tag [name: ${name}]`);
  }
  await recordAction(db, { op_type: 'push_tag', act_user_id: doer.id, repo: rc.repo, ref_name: `refs/tags/${name}` });
  return getTagApi(config, rc, name);
}

/** Gitea's DeleteTag: 404 when it does not exist, 409 when a release holds it (issue #21). */
export async function deleteTag(db: Db, rc: RepoContext, doer: UserRow, name: string): Promise<string> {
  const t = await getTag(rc.dir, name);
  if (!t) throw tagMissing(name);
  if (await findReleaseByTag(db, rc.repo.id, name)) throw conflict('a tag attached to a release cannot be deleted directly');
  try {
    await updateRefs(rc.dir, [{ kind: 'delete', ref: `refs/tags/${name}`, oldSha: t.id }]);
  } catch {
    throw conflict('The tag was changed by someone else; try again.');
  }
  await recordAction(db, { op_type: 'delete_tag', act_user_id: doer.id, repo: rc.repo, ref_name: `refs/tags/${name}` });
  return t.id;
}

/**
 * Gitea's GetAnnotatedTag: the tag object by its full id. Anything else (a malformed id, an
 * unknown object, a commit a lightweight tag points at) is 400, as in Gitea.
 */
export async function getAnnotatedTagApi(config: Config, rc: RepoContext, sha: string) {
  if (!/^[0-9a-fA-F]{40}$/.test(sha)) throw badRequest(`invalid tag object id: ${sha}`);
  const t = await readTagObject(rc.dir, sha.toLowerCase());
  if (!t) throw badRequest(`object ${sha} is not an annotated tag`);
  const commit = t.type === 'commit' ? t.object : await resolveCommit(rc.dir, t.sha);
  if (!commit) throw badRequest(`tag ${t.name} does not point at a commit`);
  const api = repoApiUrl(config, rc);
  return {
    tag: t.name,
    sha: t.sha,
    url: `${api}/git/tags/${t.sha}`,
    message: t.message,
    tagger: t.tagger,
    object: { type: 'commit', url: `${api}/git/commits/${commit}`, sha: commit },
    verification: UNSIGNED,
  };
}
