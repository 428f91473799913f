// Serves one blob's bytes: a type chosen from the name and first bytes, an ETag, the raw security
// headers, and the body streamed without buffering the blob. Shared by the API's /raw and the web
// paths /{owner}/{repo}/raw/{branch|tag|commit}/….
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { streamBlob, type TreeEntry } from '../git/tree.ts';
import { contentTypeFor, rawSecurityHeaders } from '../services/repo-raw.ts';

export async function serveRawBlob(c: Context<AppEnv>, dir: string, entry: TreeEntry): Promise<Response> {
  const etag = `"${entry.sha}"`;
  const headers: Record<string, string> = { ETag: etag, 'Cache-Control': 'private, no-cache', ...rawSecurityHeaders };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  // streamBlob's stream stops git and is never touched again if the client leaves mid-download (see process-stream.ts).
  const reader = streamBlob(dir, entry.sha).getReader();
  const first = await reader.read();
  const head = first.value ?? new Uint8Array();
  const t = contentTypeFor(entry.name, head);
  headers['Content-Type'] = t.contentType;
  headers['Content-Length'] = String(entry.size);
  headers['Content-Disposition'] = `${t.attachment ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(entry.name)}`;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(head);
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel() {
      void reader.cancel();
    },
  });
  return c.body(body, 200, headers);
}
