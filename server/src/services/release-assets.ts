// Release assets (Gitea's release_attachment.go): files stored as attachments (services/attachments.ts)
// with release_id set, served at {repo}/releases/download/{tag}/{name} to whoever may see the release.
import fs from 'node:fs';
import type { Deps } from '../context.ts';
import type { AttachmentRow, ReleaseRow, RepoRow, UserRow } from '../db/schema.ts';
import { findReleaseAsset, findReleaseAssetByName, findReleaseById, listReleaseAssets } from '../db/releases.ts';
import { countAttachmentDownload } from '../db/attachments.ts';
import { notFound } from '../errors.ts';
import { attachmentPath, cleanFileName, deleteAttachment, renameAttachment } from './attachments.ts';
import { receiveUpload, storeUpload } from './attachment-store.ts';
import { releaseAssets, toApiReleaseAsset, type ApiReleaseAsset } from './releases-convert.ts';
import { loadReleaseByTag } from './releases.ts';
import type { RepoContext } from './repo-access.ts';
import { repoPermission } from './permissions.ts';

const assetMissing = () => notFound('attachment does not exist');

export const toAssetApi = (deps: Deps, rc: RepoContext, r: ReleaseRow, a: AttachmentRow): ApiReleaseAsset => toApiReleaseAsset(deps.config, rc, r.tag_name, a);

export async function listAssets(deps: Deps, rc: RepoContext, r: ReleaseRow): Promise<ApiReleaseAsset[]> {
  // As Gitea's ListReleaseAttachments (the release's own list): by-name URLs when the names are unique.
  return releaseAssets(deps.config, rc, r.tag_name, await listReleaseAssets(deps.db, [r.id]));
}

export async function loadAsset(deps: Deps, r: ReleaseRow, id: number): Promise<AttachmentRow> {
  const a = await findReleaseAsset(deps.db, r.id, id);
  if (!a) throw assetMissing();
  return a;
}

/**
 * Stores an uploaded asset as it streams in (attachment-store.ts): the name is checked first (422),
 * then the bytes are written to disk up to the attachment size limit (413 beyond it).
 */
export async function uploadAsset(
  deps: Deps,
  rc: RepoContext,
  doer: UserRow,
  r: ReleaseRow,
  file: { name: string; content: AsyncIterable<Uint8Array> },
): Promise<ApiReleaseAsset> {
  const name = cleanFileName(file.name);
  const upload = await receiveUpload(deps.config, file.content, deps.config.attachmentMaxSize);
  const row = await storeUpload(deps.db, deps.config, upload, {
    repoId: rc.repo.id,
    issueId: 0,
    commentId: 0,
    releaseId: r.id,
    uploaderId: doer.id,
    name,
  });
  return toAssetApi(deps, rc, r, row);
}

export async function renameAsset(deps: Deps, rc: RepoContext, r: ReleaseRow, a: AttachmentRow, name: string | undefined): Promise<ApiReleaseAsset> {
  const row = name ? await renameAttachment(deps.db, a, name) : a;
  return toAssetApi(deps, rc, r, row);
}

export async function deleteAsset(deps: Deps, a: AttachmentRow): Promise<void> {
  await deleteAttachment(deps.db, deps.config, a);
}

/**
 * The file behind {repo}/releases/download/{tag}/{name} (tag and name split at the last slash),
 * or 404: no such release (or a draft the caller may not see), no such asset, or a missing file.
 */
export async function downloadAsset(deps: Deps, rc: RepoContext, tail: string): Promise<{ asset: AttachmentRow; file: string }> {
  const slash = tail.lastIndexOf('/');
  if (slash <= 0) throw assetMissing();
  const r = await loadReleaseByTag(deps, rc, tail.slice(0, slash));
  const a = await findReleaseAssetByName(deps.db, r.id, tail.slice(slash + 1));
  const file = a && attachmentPath(deps.config, a.uuid);
  if (!a || !file || !fs.existsSync(file)) throw assetMissing();
  await countAttachmentDownload(deps.db, a.id);
  return { asset: a, file };
}

/**
 * Whether the viewer may download an attachment row at {root}attachments/{uuid}: for a release
 * asset, only when its release is visible to them (a draft's assets only to release writers).
 */
export async function releaseAssetVisible(deps: Deps, a: AttachmentRow, repo: RepoRow, viewer: UserRow | null): Promise<boolean> {
  if (!a.release_id) return true;
  const r = await findReleaseById(deps.db, a.repo_id, a.release_id);
  if (!r) return false;
  return r.is_draft === 0 || (await repoPermission(deps.db, viewer, repo)).canWrite('releases');
}
