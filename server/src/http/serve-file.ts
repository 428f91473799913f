// Serving a stored file (attachments, release assets) as a stream from disk, never read whole into
// memory: Content-Length, Content-Type, Content-Disposition with the file's name, Last-Modified,
// and one byte range (`Range: bytes=a-b`, `a-`, `-n`) answered 206 with Content-Range, or 416
// when it lies beyond the file, as Go's http.ServeContent that Gitea serves them with. Several
// ranges are answered with the whole file.
import fs from 'node:fs';
import { Readable } from 'node:stream';

export interface ServedFile {
  file: string;
  name: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  cacheControl: string;
}

/** The one range a Range header asks for within `size` bytes: null for none (or several), 'unsatisfiable' when outside. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header && /^bytes=\s*(\d*)-(\d*)\s*$/i.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export function serveFile(f: ServedFile, rangeHeader: string | undefined): Response {
  const stat = fs.statSync(f.file);
  const size = stat.size;
  const headers = new Headers({
    'Content-Type': f.contentType,
    'Content-Disposition': `${f.disposition}; filename*=UTF-8''${encodeURIComponent(f.name)}`,
    'Accept-Ranges': 'bytes',
    'Last-Modified': stat.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': f.cacheControl,
  });
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`);
    headers.delete('Content-Type');
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  headers.set('Content-Length', String(Math.max(0, end - start + 1)));
  if (range) headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  const body = size === 0 ? null : (Readable.toWeb(fs.createReadStream(f.file, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body, { status: range ? 206 : 200, headers });
}

const TYPES: Record<string, string> = {
  zip: 'application/zip',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  tar: 'application/x-tar',
  xz: 'application/x-xz',
  bz2: 'application/x-bzip2',
  zst: 'application/zstd',
  '7z': 'application/x-7z-compressed',
  deb: 'application/vnd.debian.binary-package',
  rpm: 'application/x-rpm',
  jar: 'application/java-archive',
  apk: 'application/vnd.android.package-archive',
  dmg: 'application/x-apple-diskimage',
  exe: 'application/vnd.microsoft.portable-executable',
  msi: 'application/x-msi',
  pdf: 'application/pdf',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  md: 'text/plain; charset=utf-8',
  sha256: 'text/plain; charset=utf-8',
  asc: 'text/plain; charset=utf-8',
  sig: 'application/pgp-signature',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The media type of a download by its name's extension (sent with `attachment`, so never run inline). */
export function downloadType(name: string): string {
  return TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
