// A streaming reader of one file field of a multipart/form-data body (RFC 7578), for uploads too
// large to hold in memory (release assets, issue #21): the parts before it are skipped, the field's
// bytes are handed on chunk by chunk as they arrive (holding back only as many bytes as the
// boundary could span), and the rest of the body is not read.
import { badRequest } from '../errors.ts';

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 16 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;

export interface MultipartFile {
  /** The file name the client sent (Content-Disposition filename, or filename*), or ''. */
  filename: string;
  /** The field's bytes; read it to the end (or stop) before anything else of the body. */
  content: AsyncIterable<Uint8Array>;
  /** Text fields sent before the file (up to 64 KiB each), by name. */
  fields: Map<string, string>;
}

/** The boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType.trim())) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]!) : null;
}

/**
 * A read of the request body that fails: the client went away or the connection broke mid-upload.
 * A 400 (nobody may be listening) rather than a 500 logged with its stack as a server fault.
 */
async function readOrCutOff(reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    return await reader.read();
  } catch {
    throw badRequest('the request body was cut off before its end');
  }
}

/** Reads chunks of a stream into a growing buffer, on demand. */
class Source {
  buf: Buffer = Buffer.alloc(0);
  ended = false;
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  constructor(body: ReadableStream<Uint8Array>) {
    this.#reader = body.getReader();
  }
  /** Reads one more chunk; false at the end of the body. */
  async more(): Promise<boolean> {
    if (this.ended) return false;
    const { done, value } = await readOrCutOff(this.#reader);
    if (done) {
      this.ended = true;
      return false;
    }
    this.buf = this.buf.length ? Buffer.concat([this.buf, value]) : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    return true;
  }
  take(n: number): Buffer {
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }
  stop() {
    this.#reader.cancel().catch(() => {});
  }
}

const malformed = () => badRequest('malformed multipart body');

function dispositionParams(headers: string): { name?: string; filename?: string } {
  const line = headers.split('\r\n').find((l) => /^content-disposition\s*:/i.test(l));
  if (!line) return {};
  const param = (key: string) => {
    const m = new RegExp(`;\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(line);
    return m ? (m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]) : undefined;
  };
  const star = param('filename\\*');
  let filename = param('filename');
  if (star) {
    const m = /^utf-8''(.*)$/i.exec(star);
    try {
      filename = m ? decodeURIComponent(m[1]!) : filename;
    } catch {
      // a malformed filename* leaves the plain one
    }
  }
  return { name: param('name'), filename };
}

/**
 * Finds the part named `field` in a multipart body and gives its file name and a stream of its
 * bytes; null when the body has no such part. A body that ends early or is not multipart is 400.
 */
export async function readMultipartFile(body: ReadableStream<Uint8Array> | null, boundary: string, field: string): Promise<MultipartFile | null> {
  if (!body) return null;
  const src = new Source(body);
  const dashBoundary = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.concat([CRLF, dashBoundary]);
  const fields = new Map<string, string>();
  // Preamble: up to the first --boundary.
  for (;;) {
    const at = src.buf.indexOf(dashBoundary);
    if (at >= 0) {
      src.take(at + dashBoundary.length);
      break;
    }
    if (src.buf.length > dashBoundary.length) src.take(src.buf.length - dashBoundary.length);
    if (!(await src.more())) throw malformed();
  }
  for (;;) {
    // After a boundary: "--" ends the body, CRLF starts a part.
    while (src.buf.length < 2) if (!(await src.more())) throw malformed();
    if (src.buf[0] === 0x2d && src.buf[1] === 0x2d) {
      src.stop();
      return null;
    }
    let end: number;
    while ((end = src.buf.indexOf(HEADER_END)) < 0) {
      if (src.buf.length > MAX_HEADER_BYTES) throw malformed();
      if (!(await src.more())) throw malformed();
    }
    const headers = src.take(end + HEADER_END.length).toString('utf8');
    const { name, filename } = dispositionParams(headers);
    const content = partContent(src, delimiter);
    if (name === field) return { filename: filename ?? '', content: stopAfter(src, content), fields };
    // Another field: kept when it is short text, skipped otherwise.
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of content) {
      size += chunk.byteLength;
      if (size <= MAX_FIELD_BYTES) chunks.push(Buffer.from(chunk));
    }
    if (name !== undefined && filename === undefined && size <= MAX_FIELD_BYTES) fields.set(name, Buffer.concat(chunks).toString('utf8'));
  }
}

/** The bytes of the current part, up to (not including) the next delimiter, which is consumed. */
async function* partContent(src: Source, delimiter: Buffer): AsyncGenerator<Uint8Array> {
  for (;;) {
    const at = src.buf.indexOf(delimiter);
    if (at >= 0) {
      if (at > 0) yield src.take(at);
      src.take(delimiter.length);
      return;
    }
    // Keep what could be the start of a delimiter split across chunks.
    const safe = src.buf.length - (delimiter.length - 1);
    if (safe > 0) yield src.take(safe);
    if (!(await src.more())) throw malformed();
  }
}

async function* stopAfter(src: Source, content: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* content;
  } finally {
    src.stop();
  }
}

/** A request body as chunks (nothing for a body-less request). */
export async function* bodyChunks(body: ReadableStream<Uint8Array> | null): AsyncGenerator<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await readOrCutOff(reader);
      if (done) return;
      yield value;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}
