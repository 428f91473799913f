// The streaming multipart reader (release asset uploads, issue #21): whatever the chunk sizes the
// body arrives in (a boundary split across chunks, one byte at a time), the file field's bytes come
// out exactly, short text fields before it are kept, and a cut-off body is a 400.
import { describe, expect, it } from 'vitest';
import { multipartBoundary, readMultipartFile } from '../src/http/multipart-file.ts';
import { ApiError } from '../src/errors.ts';

const enc = new TextEncoder();

function bodyOf(parts: Uint8Array[], sizes: (i: number) => number): ReadableStream<Uint8Array> {
  const all = Buffer.concat(parts);
  let at = 0;
  let i = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= all.length) return c.close();
      const n = Math.max(1, sizes(i++));
      c.enqueue(new Uint8Array(all.subarray(at, at + n)));
      at += n;
    },
  });
}

async function collect(content: AsyncIterable<Uint8Array>) {
  const out: Buffer[] = [];
  for await (const c of content) out.push(Buffer.from(c));
  return Buffer.concat(out);
}

const boundary = 'XyZ-boundary-42';
// File bytes that contain CRLF, dashes and most of the delimiter, to trip a careless search.
const file = Buffer.concat([enc.encode('line one\r\n--XyZ-boundary-4\r\n-- not the end\r\n'), Buffer.from([0, 255, 13, 10, 45, 45])]);
const body = [
  enc.encode(`preamble\r\n--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nfrom-field.bin\r\n`),
  enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="na\\"me.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
  file,
  enc.encode(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="after"\r\n\r\nx\r\n--${boundary}--\r\n`),
];

describe('readMultipartFile', () => {
  it('reads the boundary of a Content-Type', () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${boundary}`)).toBe(boundary);
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/octet-stream')).toBeNull();
  });

  for (const [label, sizes] of [
    ['one chunk', () => 1 << 20],
    ['one byte at a time', () => 1],
    ['uneven chunks', (i: number) => [3, 17, 1, 40, 7][i % 5]!],
  ] as const) {
    it(`gives the file's exact bytes and the fields before it (${label})`, async () => {
      const part = await readMultipartFile(bodyOf(body, sizes), boundary, 'attachment');
      expect(part?.filename).toBe('na"me.bin');
      expect(part?.fields.get('name')).toBe('from-field.bin');
      expect((await collect(part!.content)).equals(file)).toBe(true);
    });
  }

  it('answers null without the field and 400 for a body cut short', async () => {
    expect(
      await readMultipartFile(
        bodyOf([body[0]!, enc.encode(`--${boundary}--\r\n`)], () => 5),
        boundary,
        'attachment',
      ),
    ).toBeNull();
    const cut = await readMultipartFile(
      bodyOf(body.slice(0, 3), () => 9),
      boundary,
      'attachment',
    );
    await expect(collect(cut!.content)).rejects.toThrow(ApiError);
    await expect(
      readMultipartFile(
        bodyOf([enc.encode('no boundary here')], () => 4),
        boundary,
        'attachment',
      ),
    ).rejects.toMatchObject({ status: 400 });
  });
});
