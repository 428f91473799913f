// Releases and their assets in Gitea's API shapes (convert.ToAPIRelease, ToAPIAttachment): the
// asset's browser_download_url is Gitea's web URL {repo}/releases/download/{tag}/{name} when shown
// with its release and its name is unique there, else {AppURL}attachments/{uuid}.
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { AttachmentRow, ReleaseRow, UserRow } from '../db/schema.ts';
import { unixToIso } from '../db/index.ts';
import { findUsersByIds } from '../db/users.ts';
import { listReleaseAssets } from '../db/releases.ts';
import { toApiUser } from '../api/convert.ts';
import type { ApiRelease } from '../api/release-schemas.ts';

export type { ApiRelease };
import { repoApiUrl, repoHtmlUrl } from './commits.ts';
import { ghostUser } from './issues-convert.ts';
import type { RepoContext } from './repo-access.ts';

type RepoRef = Pick<RepoContext, 'owner' | 'repo'>;

/** Gitea's util.PathEscapeSegments: each path segment escaped, the slashes kept. */
export const escapeSegments = (s: string) => s.split('/').map(encodeURIComponent).join('/');

export const releaseDownloadUrl = (config: Config, rc: RepoRef, tag: string, name: string) =>
  `${repoHtmlUrl(config, rc)}/releases/download/${escapeSegments(tag)}/${encodeURIComponent(name)}`;

/**
 * Gitea's ToAPIAttachment: the by-name URL only for an asset shown with its release whose names are
 * all different (GetReleaseAttachments), else {AppURL}attachments/{uuid}, which always finds it.
 */
export function toApiReleaseAsset(config: Config, rc: RepoRef, tag: string, a: AttachmentRow, byName = false) {
  const url = byName ? releaseDownloadUrl(config, rc, tag, a.name) : `${config.rootUrl}attachments/${a.uuid}`;
  return {
    id: a.id,
    name: a.name,
    size: a.size,
    download_count: a.download_count,
    created_at: unixToIso(a.created_unix),
    uuid: a.uuid,
    download_url: url,
    browser_download_url: url,
    type: 'attachment' as const,
  };
}

export type ApiReleaseAsset = ReturnType<typeof toApiReleaseAsset>;

/** Converts releases of one repository with their publishers and assets (three queries in all). */
export async function toApiReleases(db: Db, config: Config, rc: RepoRef, rows: ReleaseRow[], viewer: UserRow | null): Promise<ApiRelease[]> {
  if (!rows.length) return [];
  const [users, assets] = await Promise.all([
    findUsersByIds(db, [...new Set(rows.map((r) => r.publisher_id))]),
    listReleaseAssets(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const byId = new Map(users.map((u) => [u.id, u]));
  const html = repoHtmlUrl(config, rc);
  const api = repoApiUrl(config, rc);
  return rows.map((r) => {
    const tag = escapeSegments(r.tag_name);
    const publisher = byId.get(r.publisher_id);
    const at = unixToIso(r.created_unix);
    return {
      id: r.id,
      tag_name: r.tag_name,
      target_commitish: r.target,
      name: r.title,
      body: r.note,
      url: `${api}/releases/${r.id}`,
      html_url: `${html}/releases/tag/${tag}`,
      tarball_url: `${html}/archive/${tag}.tar.gz`,
      zipball_url: `${html}/archive/${tag}.zip`,
      upload_url: `${api}/releases/${r.id}/assets`,
      draft: r.is_draft === 1,
      prerelease: r.is_prerelease === 1,
      created_at: at,
      published_at: at,
      author: toApiUser(publisher ?? ghostUser(), config, viewer),
      assets: releaseAssets(
        config,
        rc,
        r.tag_name,
        assets.filter((a) => a.release_id === r.id),
      ),
    };
  });
}

/** A release's assets as its own list shows them. */
export function releaseAssets(config: Config, rc: RepoRef, tag: string, list: AttachmentRow[]) {
  const unique = new Set(list.map((a) => a.name)).size === list.length;
  return list.map((a) => toApiReleaseAsset(config, rc, tag, a, unique));
}

export async function toApiRelease(db: Db, config: Config, rc: RepoRef, row: ReleaseRow, viewer: UserRow | null): Promise<ApiRelease> {
  return (await toApiReleases(db, config, rc, [row], viewer))[0]!;
}
