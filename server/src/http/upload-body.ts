// The file of an attachment upload, read from the request as a stream (issue #21): the multipart
// field `attachment` (named by ?name=, a `name` field before it, or its file name) or, where the
// endpoint takes it (release assets, Gitea 1.23+), any other body as the raw file with ?name=
// required. A body declared larger than the attachment limit is refused before it is read (a
// form: once the file's first bytes are, for the type check that comes first).
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { exceedsLimit } from '../services/attachment-store.ts';
import { SNIFF_BYTES } from '../services/upload-types.ts';
import { bodyChunks, multipartBoundary, readMultipartFile } from './multipart-file.ts';

// Room for a multipart body's boundaries, part headers and short fields beside the file.
const FORM_OVERHEAD = 64 * 1024;
const noName = () => badRequest('Could not determine name of attachment.');

/**
 * The first bytes of a file in a form declared too large, then 413 if there is more: Gitea checks
 * the type of what it read of the file (services/upload-types.ts) before the size it was told.
 */
async function* headOnly(chunks: AsyncIterable<Uint8Array>, limit: number): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of chunks) {
    if (size >= SNIFF_BYTES) throw exceedsLimit(limit);
    size += chunk.byteLength;
    yield chunk;
  }
}

export interface UploadBody {
  name: string;
  content: AsyncIterable<Uint8Array>;
}

/** The upload of this request; `raw` lets a non-multipart body be the file itself. */
export async function readUploadBody(c: Context<AppEnv>, opts: { raw: boolean }): Promise<UploadBody> {
  const limit = c.var.deps.config.attachmentMaxSize;
  const declared = Number(c.req.header('content-length') ?? NaN);
  const contentType = c.req.header('content-type');
  let name = c.req.query('name') ?? '';
  if (/^\s*multipart\/form-data/i.test(contentType ?? '')) {
    const boundary = multipartBoundary(contentType);
    if (!boundary) throw badRequest('malformed multipart body');
    const part = await readMultipartFile(c.req.raw.body, boundary, 'attachment');
    // A form without the file field fails validation (Gitea answers 500 there).
    if (!part) throw unprocessable('attachment: a file is required');
    name ||= part.fields.get('name') || part.filename;
    if (!name) throw noName();
    return { name, content: declared > limit + FORM_OVERHEAD ? headOnly(part.content, limit) : part.content };
  }
  // Issue and comment attachments are multipart only (Gitea reads the form file `attachment`).
  if (!opts.raw) throw unprocessable('attachment: a file is required');
  if (!name) throw noName();
  if (declared > limit) throw exceedsLimit(limit);
  return { name, content: bodyChunks(c.req.raw.body) };
}
