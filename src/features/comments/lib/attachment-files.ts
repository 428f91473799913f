// Rules for files people attach to issues and comments, shared by the comment box and edit forms.
import { tooLargeReason, typeRefusedReason, type AttachmentLimits } from '@/lib/api/attachment-settings';

/** Why a file cannot be attached, in a few words for its row and in a sentence. */
export interface Refusal {
  short: string;
  reason: string;
}

/**
 * Why a file cannot be attached, or null when it may be uploaded: over the server's size limit or
 * not among its types (GET /settings/attachment), checked here first so nobody waits to be
 * refused; nothing is refused for a rule the server did not tell.
 */
export function refuseReason(file: File, limits: Pick<AttachmentLimits, 'maxBytes' | 'allowedTypes'>): Refusal | null {
  const big = tooLargeReason(file, limits.maxBytes);
  if (big) return { short: 'Too large', reason: big };
  const type = typeRefusedReason(file, limits.allowedTypes);
  return type ? { short: 'Type not allowed', reason: type } : null;
}

// The types the server shows inline (attachments-http.ts); others download, so an image link would break.
const IMAGE_EXT = /\.(png|jpe?g|gif|webp|avif)$/i;
export const isImageName = (name: string) => IMAGE_EXT.test(name);

/** Markdown that shows an uploaded image; brackets and parentheses in names must not end the link early. */
export function imageMarkdown(name: string, url: string): string {
  const alt = name.replace(/[[\]\\]/g, '\\$&');
  // encodeURIComponent leaves ( and ) alone; they would end the link.
  const href = url.replace(/[()\s]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `![${alt}](${href})`;
}

/** Puts `snippet` at `pos` on a line of its own, as GitHub and Gitea insert uploaded images. */
export function insertOnOwnLine(text: string, pos: number, snippet: string): string {
  const at = Math.max(0, Math.min(pos, text.length));
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const tail = after === '' || after.startsWith('\n') ? '' : '\n';
  return `${before}${lead}${snippet}${tail}${after}`;
}

/** Files from a drop or a paste, if it carries any (text pastes and drags are left to the textarea). */
export function filesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  return Array.from(data.files ?? []);
}
