// Turning a contents response into something to show: bytes, text or binary, image, README choice.

/** Decodes the API's base64 `content` into bytes. */
export function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64.replace(/\s+/g, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The text of a blob, or null when it is binary (a NUL byte early on, or not UTF-8), as git decides. */
export function bytesToText(bytes: Uint8Array): string | null {
  const head = bytes.subarray(0, 8000);
  if (head.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const imageTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
};

export const extension = (name: string) => {
  const i = name.lastIndexOf('.');
  return i > 0 ? name.slice(i + 1).toLowerCase() : '';
};

/** The MIME type when the file is an image a browser can show, else null. */
export const imageType = (name: string) => imageTypes[extension(name)] ?? null;

export const isMarkdown = (name: string) => /\.(md|markdown|mdown|mkdn|mkd)$/i.test(name);

/** Splits text into lines; a final newline does not start an extra empty line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\n|\r/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Picks the README of a folder listing, preferring Markdown, as Gitea does. */
export function findReadme<T extends { name: string; type: string }>(entries: readonly T[]): T | undefined {
  const readmes = entries.filter((e) => (e.type === 'file' || e.type === 'symlink') && /^readme(\.[a-z0-9]+)?$/i.test(e.name));
  const rank = (n: string) => (isMarkdown(n) ? 0 : /^readme$/i.test(n) ? 1 : /\.txt$/i.test(n) ? 2 : 3);
  return readmes.sort((a, b) => rank(a.name) - rank(b.name))[0];
}
