// Which files an attachment may be (Gitea's [attachment] ALLOWED_TYPES and its upload.Verify):
// a comma-separated list of extensions (`.zip`), MIME types (`application/pdf`), wildcards
// (`image/*`) or `*/*`; empty allows everything. The type of the content is sniffed from its
// first 1024 bytes, as Go's http.DetectContentType does for the common signatures.
import { unprocessable } from '../errors.ts';

export const SNIFF_BYTES = 1024;

export const typeForbidden = () => unprocessable('This file cannot be uploaded or modified due to a forbidden file extension or type.');

const SIGNATURES: [number[], string][] = [
  [[0x25, 0x50, 0x44, 0x46, 0x2d], 'application/pdf'],
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  [[0x47, 0x49, 0x46, 0x38, 0x37, 0x61], 'image/gif'],
  [[0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 'image/gif'],
  [[0x42, 0x4d], 'image/bmp'],
  [[0x50, 0x4b, 0x03, 0x04], 'application/zip'],
  [[0x1f, 0x8b, 0x08], 'application/x-gzip'],
  [[0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], 'application/x-rar-compressed'],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 'application/x-7z-compressed'],
  [[0x1a, 0x45, 0xdf, 0xa3], 'video/webm'],
  [[0x4f, 0x67, 0x67, 0x53, 0x00], 'application/ogg'],
];

const startsWith = (buf: Uint8Array, sig: number[], at = 0) => buf.length >= at + sig.length && sig.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/** The MIME type (without parameters) of content starting with `buf`. */
export function sniffType(buf: Uint8Array): string {
  for (const [sig, type] of SIGNATURES) if (startsWith(buf, sig)) return type;
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBPVP'), 8)) return 'image/webp';
  if (startsWith(buf, ascii('ftyp'), 4)) return 'video/mp4';
  const text = new TextDecoder().decode(buf.subarray(0, 512)).trimStart().toLowerCase();
  if (text.startsWith('<?xml')) return 'text/xml';
  if (/^<(!doctype html|html|head|body|script|iframe|h1|div|p|table|a|style|title|b|font|br)[\s>]/.test(text)) return 'text/html';
  // Go: binary data has a control byte other than tab, line feed, form feed, carriage return or escape.
  const binary = buf.subarray(0, 512).some((b) => b <= 0x08 || b === 0x0b || (b >= 0x0e && b <= 0x1a) || (b >= 0x1c && b <= 0x1f));
  return binary ? 'application/octet-stream' : 'text/plain';
}

/** Gitea's upload.Verify: 422 unless the name's extension or the sniffed type is allowed. */
export function verifyFileType(head: Uint8Array, fileName: string, allowedTypes: string): void {
  const allowed = allowedTypes
    .replaceAll('|', ',')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (!allowed.length) return;
  const dot = fileName.lastIndexOf('.');
  const extension = dot >= 0 && !fileName.slice(dot).includes('/') ? fileName.slice(dot).toLowerCase() : '';
  const checkType = head.length > 1;
  const type = sniffType(head);
  for (const entry of allowed) {
    if (entry === '*/*') return;
    if (entry.startsWith('.') && entry === extension) return;
    if (!checkType) continue;
    if (entry === type) return;
    if (/^[a-z]+\/\*$/.test(entry) && type.startsWith(entry.slice(0, -1))) return;
  }
  throw typeForbidden();
}

/**
 * Passes `chunks` on after checking the type of their first 1024 bytes (or of all of them, when
 * fewer) against `allowedTypes`; nothing is passed on for a forbidden file.
 */
export async function* typeChecked(chunks: AsyncIterable<Uint8Array>, fileName: string, allowedTypes: string): AsyncGenerator<Uint8Array> {
  const head: Uint8Array[] = [];
  let size = 0;
  let checked = false;
  for await (const chunk of chunks) {
    if (checked) {
      yield chunk;
      continue;
    }
    head.push(chunk);
    size += chunk.byteLength;
    if (size < SNIFF_BYTES) continue;
    verifyFileType(Buffer.concat(head).subarray(0, SNIFF_BYTES), fileName, allowedTypes);
    checked = true;
    yield* head;
  }
  if (checked) return;
  verifyFileType(Buffer.concat(head), fileName, allowedTypes);
  yield* head;
}
