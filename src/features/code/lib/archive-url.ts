// The API URL of a repository archive at a ref (Gitea's GET /repos/{o}/{r}/archive/{ref}.{zip|tar.gz}),
// so downloads work against this forge and Gitea alike, wherever the API lives.
import { apiRoot } from '@/lib/config';
import { encPath } from '@/lib/paths';

export type ArchiveFormat = 'zip' | 'tar.gz';

export const archiveUrl = (owner: string, repo: string, ref: string, format: ArchiveFormat) =>
  `${apiRoot()}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/archive/${encPath(ref)}.${format}`;

/** The name the server gives the download (Gitea's "<repo>-<ref with / as ->.<ext>"). */
export const archiveName = (repo: string, ref: string, format: ArchiveFormat) => `${repo}-${ref.replaceAll('/', '-')}.${format}`;
