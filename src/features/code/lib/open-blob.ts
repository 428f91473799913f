// Handing fetched file bytes to the user: shown in a new tab or saved under the file's name.
// A blob: URL has this app's origin, so only types that cannot run script are ever opened.
import { imageType } from './blob';

/** How long a handed-out object URL stays valid: plenty for the tab or download to read it. */
const REVOKE_AFTER_MS = 60_000;

/**
 * The type to show `bytes` as in a tab: raster images as themselves, text (SVG and HTML included)
 * as text/plain, anything else null (download it instead).
 */
export async function viewableType(name: string, bytes: Blob): Promise<string | null> {
  const image = imageType(name);
  if (image && image !== 'image/svg+xml') return image;
  // As git decides: no NUL in the first 8000 bytes.
  const head = new Uint8Array(await bytes.slice(0, 8000).arrayBuffer());
  return head.includes(0) ? null : 'text/plain;charset=utf-8';
}

function handOut(blob: Blob, configure: (a: HTMLAnchorElement) => void) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  configure(a);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Opens the bytes in a new tab as `type`, without handing it this window. */
export const openBlob = (blob: Blob, type: string) =>
  handOut(blob.slice(0, blob.size, type), (a) => {
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
  });

/** Saves the bytes under `name`. */
export const downloadBlob = (blob: Blob, name: string) =>
  handOut(blob, (a) => {
    a.download = name;
  });
