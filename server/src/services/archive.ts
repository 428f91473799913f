// Repository archives (Gitea's services/repository/archiver): `git archive` of one commit, every
// path under "<repo>/", streamed to the client as it is written — nothing is buffered or cached.
import { badRequest, notFound } from '../errors.ts';
import { resolveCommit } from '../git/repo.ts';
import { archiveStream } from '../git/archive.ts';
import type { RepoContext } from './repo-access.ts';

const FORMATS = [
  { ext: '.tar.gz', format: 'tar.gz', contentType: 'application/gzip' },
  { ext: '.zip', format: 'zip', contentType: 'application/zip' },
] as const;

export interface ArchiveRequest {
  commit: string;
  format: 'zip' | 'tar.gz';
  contentType: string;
  /** Gitea's download name: "<repo>-<ref with / as ->.<ext>". */
  fileName: string;
}

/**
 * What "{ref}.{zip|tar.gz}" asks for. An unknown format is 400 and an unknown ref 404, as Gitea
 * answers (ErrUnknownArchiveFormat, RepoRefNotFound). The ref may be a branch, tag or commit SHA.
 */
export async function archiveRequest(rc: RepoContext, file: string): Promise<ArchiveRequest> {
  const f = FORMATS.find((x) => file.endsWith(x.ext));
  if (!f) throw badRequest('Unknown archive format');
  const ref = file.slice(0, -f.ext.length);
  if (!ref || ref.startsWith('-') || ref.includes('\0') || rc.repo.is_empty === 1) throw notFound();
  const commit =
    (await resolveCommit(rc.dir, `refs/heads/${ref}`)) ??
    (await resolveCommit(rc.dir, `refs/tags/${ref}`)) ??
    (/^[0-9a-f]{4,64}$/i.test(ref) ? await resolveCommit(rc.dir, ref) : null);
  if (!commit) throw notFound();
  return { commit, format: f.format, contentType: f.contentType, fileName: `${rc.repo.name}-${ref.replaceAll('/', '-')}${f.ext}` };
}

/** Response headers for an archive download. */
export function archiveHeaders(req: ArchiveRequest): Record<string, string> {
  const ascii = req.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return {
    'Content-Type': req.contentType,
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(req.fileName)}`,
    'Cache-Control': 'private, no-cache',
    'X-Content-Type-Options': 'nosniff',
  };
}

/** `git archive` output as a web stream; the process is killed if the client goes away. */
export function streamArchive(rc: RepoContext, req: ArchiveRequest): ReadableStream<Uint8Array> {
  return archiveStream(rc.dir, req.commit, req.format, `${rc.repo.name}/`);
}
