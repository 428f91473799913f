// Upload bodies generated as they are read, for the streaming tests (release assets, issue and
// comment attachments): a file far larger than any in-memory limit, whose SHA-256 is known, and how
// far the bytes on disk lagged behind the bytes handed over each time the server asked for more.
import crypto from 'node:crypto';

/** Chunk i of a test file: bytes that differ per chunk and position. */
export function chunk(i: number, size: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(size);
  for (let j = 0; j < size; j++) b[j] = (i * 31 + j * 7 + (j >> 8)) & 255;
  return b;
}

/** `head`, `count` chunks of the file, `tail`; `onDisk` says how many bytes the server has written so far. */
export function generatedBody(head: string, count: number, size: number, tail: string, onDisk: () => number) {
  const hash = crypto.createHash('sha256');
  const stats = { sent: 0, maxLag: 0, hash: '' };
  let i = -1;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        stats.maxLag = Math.max(stats.maxLag, stats.sent - onDisk());
        // Something is handed over on every pull (an empty head too), or the stream would stall.
        if (i === -1) controller.enqueue(new TextEncoder().encode(head));
        else if (i < count) {
          const c = chunk(i, size);
          hash.update(c);
          stats.sent += c.byteLength;
          controller.enqueue(c);
        } else {
          stats.hash = hash.digest('hex');
          if (tail) controller.enqueue(new TextEncoder().encode(tail));
          controller.close();
        }
        i++;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, stats };
}

/**
 * A form encoded up front, as bytes and its Content-Type. The server stops reading an upload it
 * refuses (size, type, permission), and undici (Node 24's at least) then throws from the FormData
 * encoder it would still be running: an unhandled "ReadableStream is already closed" in the test.
 */
export async function encodedForm(form: FormData): Promise<{ body: ArrayBuffer; contentType: string }> {
  const req = new Request('http://forge.test/', { method: 'POST', body: form });
  return { body: await req.arrayBuffer(), contentType: req.headers.get('content-type')! };
}
