// The type of an upload's first bytes as Go's http.DetectContentType tells it (Gitea's
// upload.Verify checks [attachment] ALLOWED_TYPES against that): what Gitea refuses or takes by
// content, this server does too.
import { describe, expect, it } from 'vitest';
import { sniffType, verifyFileType } from '../src/services/upload-types.ts';

const bytes = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffing an upload as Go does', () => {
  it('knows the signatures of its table', () => {
    for (const [data, type] of [
      [bytes('%PDF-1.7\n'), 'application/pdf'],
      [bytes([0x89], 'PNG\r\n', [0x1a, 0x0a, 0, 0]), 'image/png'],
      [bytes([0, 0, 1, 0, 1, 0, 16, 16]), 'image/x-icon'],
      [bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio/wave'],
      [bytes('ID3', [4, 0, 0]), 'audio/mpeg'],
      [bytes('MThd', [0, 0, 0, 6, 0, 1]), 'audio/midi'],
      [bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'), 'video/avi'],
      [bytes('wOF2', [0, 1, 0, 0]), 'font/woff2'],
      [bytes([0], 'asm', [1, 0, 0, 0]), 'application/wasm'],
      [bytes('Rar!', [0x1a, 7, 1, 0, 0]), 'application/x-rar-compressed'],
      [bytes([0, 0, 0, 0x18], 'ftypmp42', [0, 0, 0, 0], 'mp41isom'), 'video/mp4'],
      [bytes('  <!-- a comment -->'), 'text/html'],
      [bytes('\n<p>hello</p>'), 'text/html'],
      [bytes('<?xml version="1.0"?>'), 'text/xml'],
      [bytes([0xff, 0xfe], 'h', [0], 'i', [0]), 'text/plain'],
      [bytes('plain words\n'), 'text/plain'],
    ] as const) {
      expect(sniffType(data), type).toBe(type);
    }
  });

  it('calls octet-stream what Go does not know: 7-Zip, a QuickTime movie, a tag without a space', () => {
    expect(sniffType(bytes('7z', [0xbc, 0xaf, 0x27, 0x1c, 0, 4]))).toBe('application/octet-stream');
    expect(sniffType(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0], 'qt  '))).toBe('application/octet-stream');
    expect(sniffType(bytes('<pre>text</pre>'))).toBe('text/plain');
  });

  it('decides ALLOWED_TYPES by what it sniffs', () => {
    const icon = bytes([0, 0, 1, 0, 1, 0, 16, 16]);
    expect(() => verifyFileType(icon, 'favicon.bin', 'image/*')).not.toThrow();
    const sevenZip = bytes('7z', [0xbc, 0xaf, 0x27, 0x1c, 0, 4]);
    expect(() => verifyFileType(sevenZip, 'backup.bin', 'application/x-7z-compressed')).toThrow();
    expect(() => verifyFileType(sevenZip, 'backup.bin', 'application/octet-stream')).not.toThrow();
    // A UTF-16 text file is text, as for Gitea.
    expect(() => verifyFileType(bytes([0xfe, 0xff], [0], 'h', [0], 'i'), 'notes.bin', 'text/plain')).not.toThrow();
  });
});
