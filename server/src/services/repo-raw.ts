// How raw file bytes are served: a type chosen from the name and the first bytes, and headers
// that keep repository content from running as a page on our origin.

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  avif: 'image/avif',
};

/** Sent with every raw response: no sniffing, and a sandbox should a browser open it as a page. */
export const rawSecurityHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

/** Whether these bytes look like text (no NUL in the first 8000 bytes, as git decides). */
export function looksLikeText(head: Uint8Array): boolean {
  const n = Math.min(head.length, 8000);
  for (let i = 0; i < n; i++) if (head[i] === 0) return false;
  return true;
}

/**
 * Text as text/plain (so HTML is shown, never rendered), known images as themselves, SVG as an
 * image only as an attachment (it can carry scripts), anything else as octet-stream.
 */
export function contentTypeFor(name: string, head: Uint8Array): { contentType: string; attachment: boolean } {
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (IMAGE_TYPES[ext]) return { contentType: IMAGE_TYPES[ext], attachment: false };
  if (ext === 'svg') return { contentType: 'image/svg+xml', attachment: true };
  if (looksLikeText(head)) return { contentType: 'text/plain; charset=utf-8', attachment: false };
  return { contentType: 'application/octet-stream', attachment: true };
}
