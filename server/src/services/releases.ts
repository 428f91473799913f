// Releases as Gitea's services/release and routers/api/v1/repo/release.go: a release names a tag;
// publishing one (creating it as a non-draft, or un-drafting it) creates the tag from its target
// when the tag does not exist yet (through services/tags.ts, as a push of that tag would be
// recorded). Drafts exist only for those who may write releases. Deleting a release keeps its tag.
import type { Deps } from '../context.ts';
import type { ReleaseRow, UserRow } from '../db/schema.ts';
import { nowUnix } from '../db/index.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import {
  countReleaseRows,
  deleteReleaseAssetRows,
  deleteReleaseRow,
  findLatestRelease,
  findReleaseById,
  findReleaseByTag,
  insertRelease,
  listReleaseAssets,
  listReleaseRows,
  releaseTagNames,
  updateReleaseRow,
  type ReleaseFilter,
} from '../db/releases.ts';
import { conflict, notFound, unprocessable } from '../errors.ts';
import { getTag, isValidTagName } from '../git/tags.ts';
import type { Paging } from '../api/paging.ts';
import type { CreateReleaseOption, EditReleaseOption } from '../api/release-schemas.ts';
import { recordAction } from './activity.ts';
import { removeAttachmentFiles } from './attachments.ts';
import { isRepoEmpty } from './commits.ts';
import { emitEvent, type ReleaseEvent } from './events.ts';
import { toApiRelease, toApiReleases, type ApiRelease } from './releases-convert.ts';
import type { RepoContext } from './repo-access.ts';
import { createTag } from './tags.ts';

/** Who sees drafts: those who may write the releases unit (Gitea's IncludeDrafts). */
export const canSeeDrafts = (rc: RepoContext) => rc.perm.canWrite('releases');

const releaseMissing = () => notFound('release does not exist');

/** A release of the repository by id; a draft is missing for those who may not see drafts. */
export async function loadRelease(deps: Deps, rc: RepoContext, id: number): Promise<ReleaseRow> {
  const r = await findReleaseById(deps.db, rc.repo.id, id);
  if (!r || (r.is_draft === 1 && !canSeeDrafts(rc))) throw releaseMissing();
  return r;
}

export async function loadReleaseByTag(deps: Deps, rc: RepoContext, tag: string): Promise<ReleaseRow> {
  const r = await findReleaseByTag(deps.db, rc.repo.id, tag);
  if (!r || (r.is_draft === 1 && !canSeeDrafts(rc))) throw releaseMissing();
  return r;
}

export async function listReleases(
  deps: Deps,
  rc: RepoContext,
  viewer: UserRow | null,
  q: { draft?: boolean; prerelease?: boolean },
  p: Paging,
): Promise<{ total: number; items: ApiRelease[] }> {
  const f: ReleaseFilter = { includeDrafts: canSeeDrafts(rc), draft: q.draft, prerelease: q.prerelease };
  const [total, rows] = await Promise.all([countReleaseRows(deps.db, rc.repo.id, f), listReleaseRows(deps.db, rc.repo.id, f, p.limit, p.offset)]);
  return { total, items: await toApiReleases(deps.db, deps.config, rc, rows, viewer) };
}

export async function getLatestRelease(deps: Deps, rc: RepoContext, viewer: UserRow | null): Promise<ApiRelease> {
  const r = await findLatestRelease(deps.db, rc.repo.id);
  if (!r) throw releaseMissing();
  return toApiRelease(deps.db, deps.config, rc, r, viewer);
}

export const releaseApi = (deps: Deps, rc: RepoContext, r: ReleaseRow, viewer: UserRow | null) => toApiRelease(deps.db, deps.config, rc, r, viewer);

/** Tag names that have a release (drafts only for those who see them): the tags page links them. */
export async function tagsWithRelease(deps: Deps, rc: RepoContext): Promise<Set<string>> {
  return new Set(await releaseTagNames(deps.db, rc.repo.id, canSeeDrafts(rc)));
}

/**
 * The tag a published release needs: made from `target` when missing (404 for an unknown target,
 * 422 for a name git refuses). Returns the tag's commit and whether it was made now.
 */
async function ensureTag(deps: Deps, rc: RepoContext, doer: UserRow, name: string, target: string): Promise<{ sha: string; created: boolean; date?: string }> {
  const existing = await getTag(rc.dir, name);
  if (existing) return { sha: existing.commitSha, created: false, date: existing.created };
  const t = await createTag(deps.db, deps.config, rc, doer, { tag_name: name, target });
  // Gitea's createTag: a tag made for a release is a push and a create to webhooks, as one pushed.
  await emitEvent(deps, { type: 'ref.created', actor: doer, repository: { repo: rc.repo, owner: rc.owner }, ref: `refs/tags/${name}`, sha: t.id });
  return { sha: t.commit.sha, created: true };
}

async function announce(deps: Deps, rc: RepoContext, doer: UserRow, type: ReleaseEvent['type'], release: ApiRelease) {
  if (type === 'release.published') {
    await recordAction(deps.db, { op_type: 'publish_release', act_user_id: doer.id, repo: rc.repo, ref_name: release.tag_name, content: release.name });
  }
  await emitEvent(deps, { type, actor: doer, repository: { repo: rc.repo, owner: rc.owner }, release } as ReleaseEvent);
}

const alreadyExists = (tag: string) => conflict(`release with tag "${tag}" already exists`);

/** Gitea's CreateRelease (API): 422 for an empty repository, 409 when the tag already has a release. */
export async function createRelease(deps: Deps, rc: RepoContext, doer: UserRow, form: CreateReleaseOption): Promise<ApiRelease> {
  const { db } = deps;
  if (rc.repo.is_empty === 1 || (await isRepoEmpty(rc))) throw unprocessable('repository is empty');
  const tag = form.tag_name;
  if (!(await isValidTagName(rc.dir, tag))) throw unprocessable(`tag_name: invalid tag name "${tag}"`);
  if (await findReleaseByTag(db, rc.repo.id, tag)) throw alreadyExists(tag);
  const asked = form.target_commitish?.trim() ?? '';
  const draft = form.draft === true;
  const made = draft ? null : await ensureTag(deps, rc, doer, tag, asked || rc.repo.default_branch);
  const sha = made?.sha ?? '';
  // A release for a tag that was there already (Gitea reuses the tag's release row): the tag's
  // date, and the target as asked ('' when none); else the default branch the tag was made from.
  const existed = made && !made.created;
  const target = existed ? asked : asked || rc.repo.default_branch;
  const created = existed && made.date ? Math.floor(Date.parse(made.date) / 1000) || nowUnix() : nowUnix();
  let row: ReleaseRow;
  try {
    row = await insertRelease(db, {
      repo_id: rc.repo.id,
      publisher_id: doer.id,
      tag_name: tag,
      lower_tag_name: tag.toLowerCase(),
      target,
      title: form.name ?? '',
      sha1: sha,
      note: form.body ?? '',
      is_draft: draft ? 1 : 0,
      is_prerelease: form.prerelease ? 1 : 0,
      created_unix: created,
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw alreadyExists(tag);
    throw e;
  }
  const api = await releaseApi(deps, rc, row, doer);
  if (!draft) await announce(deps, rc, doer, 'release.published', api);
  return api;
}

/**
 * Gitea's EditRelease: empty strings leave a field as it is; publishing a draft (or renaming the
 * tag of a published release) makes the tag when it is missing. A draft's time is its last edit.
 */
export async function editRelease(deps: Deps, rc: RepoContext, doer: UserRow, id: number, form: EditReleaseOption): Promise<ApiRelease> {
  const { db } = deps;
  const old = await loadRelease(deps, rc, id);
  const tag = form.tag_name || old.tag_name;
  if (tag !== old.tag_name) {
    if (!(await isValidTagName(rc.dir, tag))) throw unprocessable(`tag_name: invalid tag name "${tag}"`);
    if (await findReleaseByTag(db, rc.repo.id, tag)) throw alreadyExists(tag);
  }
  const target = form.target_commitish || old.target;
  const draft = form.draft ?? old.is_draft === 1;
  const made = draft ? null : await ensureTag(deps, rc, doer, tag, target);
  let row: ReleaseRow;
  try {
    row = await updateReleaseRow(db, old.id, {
      tag_name: tag,
      lower_tag_name: tag.toLowerCase(),
      target,
      title: form.name || old.title,
      note: form.body || old.note,
      is_draft: draft ? 1 : 0,
      is_prerelease: (form.prerelease ?? old.is_prerelease === 1) ? 1 : 0,
      sha1: made ? made.sha : old.sha1,
      ...(draft ? { created_unix: nowUnix() } : {}),
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw alreadyExists(tag);
    throw e;
  }
  const api = await releaseApi(deps, rc, row, doer);
  if (!draft) await announce(deps, rc, doer, old.is_draft === 1 || made?.created ? 'release.published' : 'release.updated', api);
  return api;
}

/** Deletes a release and its assets; the tag stays (Gitea's DeleteReleaseByID without delTag). */
export async function deleteRelease(deps: Deps, rc: RepoContext, doer: UserRow, r: ReleaseRow): Promise<void> {
  const { db, config } = deps;
  const api = await releaseApi(deps, rc, r, doer);
  const assets = await listReleaseAssets(db, [r.id]);
  await db.transaction().execute(async (trx) => {
    await deleteReleaseAssetRows(trx, r.id);
    await deleteReleaseRow(trx, r.id);
  });
  removeAttachmentFiles(
    config,
    assets.map((a) => a.uuid),
  );
  if (r.is_draft === 0) await announce(deps, rc, doer, 'release.deleted', api);
}
