// Which files an attachment may be (Gitea's [attachment] ALLOWED_TYPES and its upload.Verify):
// a comma-separated list of extensions (`.zip`), MIME types (`application/pdf`), wildcards
// (`image/*`) or `*/*`; empty allows everything. The type of the content is sniffed from its
// first 1024 bytes, as Go's http.DetectContentType does (its first 512).
import { unprocessable } from '../errors.ts';

export const SNIFF_BYTES = 1024;

export const typeForbidden = () => unprocessable('This file cannot be uploaded or modified due to a forbidden file extension or type.');

function ascii(s: string): number[] {
  return [...s].map((ch) => ch.charCodeAt(0));
}

// Go's table (net/http/sniff.go), in its order; a `null` byte matches any (and must be there).
const SIGNATURES: [(number | null)[], string][] = [
  [ascii('%PDF-'), 'application/pdf'],
  [ascii('%!PS-Adobe-'), 'application/postscript'],
  [[0xfe, 0xff, null, null], 'text/plain'],
  [[0xff, 0xfe, null, null], 'text/plain'],
  [[0xef, 0xbb, 0xbf, null], 'text/plain'],
  [ascii('GIF87a'), 'image/gif'],
  [ascii('GIF89a'), 'image/gif'],
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  [ascii('BM'), 'image/bmp'],
  [[...ascii('RIFF'), null, null, null, null, ...ascii('WEBPVP')], 'image/webp'],
  [[0x00, 0x00, 0x01, 0x00], 'image/x-icon'],
  [[0x00, 0x00, 0x02, 0x00], 'image/x-icon'],
  [[...ascii('RIFF'), null, null, null, null, ...ascii('WAVE')], 'audio/wave'],
  [[...ascii('FORM'), null, null, null, null, ...ascii('AIFF')], 'audio/aiff'],
  [ascii('.snd'), 'audio/basic'],
  [[...ascii('OggS'), 0x00], 'application/ogg'],
  [[...ascii('MThd'), 0x00, 0x00, 0x00, 0x06], 'audio/midi'],
  [ascii('ID3'), 'audio/mpeg'],
  [[...ascii('RIFF'), null, null, null, null, ...ascii('AVI ')], 'video/avi'],
  [[0x1a, 0x45, 0xdf, 0xa3], 'video/webm'],
  [[...ascii('Rar!'), 0x1a, 0x07, 0x00], 'application/x-rar-compressed'],
  [[...ascii('Rar!'), 0x1a, 0x07, 0x01, 0x00], 'application/x-rar-compressed'],
  [[0x50, 0x4b, 0x03, 0x04], 'application/zip'],
  [[0x1f, 0x8b, 0x08], 'application/x-gzip'],
  [[0x00, 0x01, 0x00, 0x00], 'font/ttf'],
  [ascii('OTTO'), 'font/otf'],
  [ascii('ttcf'), 'font/collection'],
  [ascii('wOFF'), 'font/woff'],
  [ascii('wOF2'), 'font/woff2'],
  [[0x00, ...ascii('asm')], 'application/wasm'],
];

const startsWith = (buf: Uint8Array, sig: (number | null)[], at = 0) => buf.length >= at + sig.length && sig.every((b, i) => b === null || buf[at + i] === b);
const HTML_TAGS = '!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--';

/** Go's mp4 signature: an `ftyp` box of whole words naming an `mp4` brand. */
function isMp4(buf: Uint8Array): boolean {
  if (buf.length < 12) return false;
  const box = ((buf[0]! << 24) | (buf[1]! << 16) | (buf[2]! << 8) | buf[3]!) >>> 0;
  if (box % 4 !== 0 || buf.length < box || !startsWith(buf, ascii('ftyp'), 4)) return false;
  for (let at = 8; at < box; at += 4) if (at !== 12 && startsWith(buf, ascii('mp4'), at)) return true;
  return false;
}

/** The MIME type (without parameters) of content starting with `buf`, as Go's http.DetectContentType. */
export function sniffType(buf: Uint8Array): string {
  const data = buf.subarray(0, 512);
  const text = new TextDecoder().decode(data).trimStart().toLowerCase();
  if (new RegExp(`^<(?:${HTML_TAGS})[ >]`).test(text)) return 'text/html';
  if (text.startsWith('<?xml')) return 'text/xml';
  for (const [sig, type] of SIGNATURES) if (startsWith(data, sig)) return type;
  if (isMp4(data)) return 'video/mp4';
  // Go: binary data has a control byte other than tab, line feed, form feed, carriage return or escape.
  const binary = data.some((b) => b <= 0x08 || b === 0x0b || (b >= 0x0e && b <= 0x1a) || (b >= 0x1c && b <= 0x1f));
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
