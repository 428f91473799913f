// Release asset uploads streamed to disk (issue #21): a file larger than any in-memory limit is
// written as it arrives (the bytes on disk keep up with the bytes sent, so memory holds only a
// chunk or two), downloads byte for byte at browser_download_url with its length, type and name,
// and in byte ranges; the raw-body upload of Gitea 1.23+ (?name= required); the size limit
// (Gitea's [attachment] MAX_SIZE) answered 413 with nothing left behind; authorization first.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo } from './git-fixtures.ts';
import { listenForge } from './git-over-http.ts';
import { chunk, generatedBody as generated } from './generated-upload.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const reader = await forge.user('reader');
const stranger = await forge.user('stranger');
const MiB = 1024 * 1024;
const tmpDir = path.join(forge.dataDir, 'attachments', 'tmp');

async function makeRelease(opts: { private?: boolean } = {}) {
  const name = uniq('asset');
  await createFixtureRepo(forge.deps, owner, name, [{ id: 'c1', message: 'first\n', files: { 'README.md': 'hi\n' }, date: 1_700_000_000 }], {
    private: opts.private,
  });
  const base = `/repos/${owner.name}/${name}`;
  await forge.req('PUT', `${base}/collaborators/${reader.name}`, { token: owner.token, body: { permission: 'read' } });
  const rel = await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v1', name: 'One' } });
  expect(rel.status).toBe(201);
  return { base, id: rel.body.id as number };
}

/** Bytes on disk in the upload folder (the file being received). */
const onDisk = () => (fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir).reduce((n, f) => n + fs.statSync(path.join(tmpDir, f)).size, 0) : 0);

const generatedBody = (head: string, count: number, size: number, tail: string) => generated(head, count, size, tail, onDisk);

async function post(url: string, body: BodyInit | ReadableStream, headers: Record<string, string>, token?: string) {
  const res = await forge.app.request(`/api/v1${url}`, {
    method: 'POST',
    body,
    headers: { ...headers, ...(token ? { Authorization: `token ${token}` } : {}) },
    // A stream body is sent as it is produced.
    ...({ duplex: 'half' } as object),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function download(url: string, headers: Record<string, string> = {}) {
  return forge.app.request(url.replace('http://localhost:3000', ''), { headers });
}

async function sha256Of(res: Response): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) hash.update(c);
  return hash.digest('hex');
}

describe('large uploads', () => {
  it('streams a 24 MiB multipart upload to disk as it arrives and serves the exact bytes back', async () => {
    const { base, id } = await makeRelease();
    const boundary = '----forgeTestBoundary7MA4YWxkTrZu0gW';
    const { stream, stats } = generatedBody(
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="big-tool.tar.gz"\r\nContent-Type: application/gzip\r\n\r\n`,
      96,
      256 * 1024,
      `\r\n--${boundary}--\r\n`,
    );
    const up = await post(`${base}/releases/${id}/assets`, stream, { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, owner.token);
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ name: 'big-tool.tar.gz', size: 24 * MiB });
    // The server wrote each chunk before asking for the next few: never more than 2 MiB behind.
    expect(stats.sent).toBe(24 * MiB);
    expect(stats.maxLag).toBeLessThan(2 * MiB);
    expect(onDisk()).toBe(0);

    // The release's own list gives the asset's by-name URL (a single asset's answer, its uuid URL).
    const listed = (await (await forge.app.request(`/api/v1${base}/releases/${id}/assets`)).json()) as { browser_download_url: string }[];
    const res = await download(listed[0]!.browser_download_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(24 * MiB));
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''big-tool.tar.gz");
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(await sha256Of(res)).toBe(stats.hash);
  });

  it('takes the raw body with ?name= (Gitea 1.23+) and answers byte ranges', async () => {
    const { base, id } = await makeRelease();
    const { stream, stats } = generatedBody('', 48, 256 * 1024, '');
    const up = await post(
      `${base}/releases/${id}/assets?name=${encodeURIComponent('raw build ✓.bin')}`,
      stream,
      { 'Content-Type': 'application/octet-stream' },
      owner.token,
    );
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ name: 'raw build ✓.bin', size: 12 * MiB });
    expect(stats.maxLag).toBeLessThan(2 * MiB);
    const whole = await download(up.body.browser_download_url);
    expect(whole.headers.get('content-type')).toBe('application/octet-stream');
    expect(whole.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('raw build ✓.bin')}`);
    expect(await sha256Of(whole)).toBe(stats.hash);

    const first = chunk(0, 256 * 1024);
    const part = await download(up.body.browser_download_url, { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${12 * MiB}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(first.subarray(100, 200)))).toBe(true);
    const last = chunk(47, 256 * 1024);
    const suffix = await download(up.body.browser_download_url, { Range: 'bytes=-10' });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(Buffer.from(last.subarray(-10)))).toBe(true);
    const beyond = await download(up.body.browser_download_url, { Range: `bytes=${12 * MiB}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${12 * MiB}`);
    // The same file at {root}attachments/{uuid}, also streamed with ranges.
    const byUuid = await download(`/attachments/${up.body.uuid}`, { Range: 'bytes=0-3' });
    expect(byUuid.status).toBe(206);
    expect([...new Uint8Array(await byUuid.arrayBuffer())]).toEqual([...first.subarray(0, 4)]);
  });

  it('streams over a real HTTP connection too (the Node server hands the body on as it comes)', async () => {
    const { base, id } = await makeRelease();
    const http = await listenForge(forge);
    const saved = forge.deps.config.attachmentMaxSize;
    try {
      const { stream, stats } = generatedBody('', 256, 256 * 1024, '');
      const res = await fetch(`${http.base}/api/v1${base}/releases/${id}/assets?name=over-http.bin`, {
        method: 'POST',
        body: stream,
        headers: { 'Content-Type': 'application/octet-stream', Authorization: `token ${owner.token}` },
        ...({ duplex: 'half' } as object),
      });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { size: number }).size).toBe(64 * MiB);
      // Socket buffers (some MiB on loopback) sit between the two ends here; still far below the 64 MiB sent.
      expect(stats.maxLag).toBeLessThan(16 * MiB);

      // Over the limit mid-stream: the client still reads the 413.
      forge.deps.config.attachmentMaxSize = MiB;
      const over = generatedBody('', 32, 256 * 1024, '');
      const refused = await fetch(`${http.base}/api/v1${base}/releases/${id}/assets?name=too-big.bin`, {
        method: 'POST',
        body: over.stream,
        headers: { 'Content-Type': 'application/octet-stream', Authorization: `token ${owner.token}` },
        ...({ duplex: 'half' } as object),
      });
      expect(refused.status).toBe(413);
      expect(await refused.json()).toMatchObject({ message: `attachment exceeds limit ${MiB}` });
    } finally {
      forge.deps.config.attachmentMaxSize = saved;
      http.close();
    }
  });

  it('needs a name for a raw body, as Gitea: 400', async () => {
    const { base, id } = await makeRelease();
    const res = await post(`${base}/releases/${id}/assets`, new Uint8Array([1, 2, 3]), { 'Content-Type': 'application/octet-stream' }, owner.token);
    expect(res).toMatchObject({ status: 400, body: { message: 'Could not determine name of attachment.' } });
    expect((await forge.req('GET', `${base}/releases/${id}/assets`)).body).toEqual([]);
  });
});

describe('the size limit', () => {
  it('refuses a file over [attachment] MAX_SIZE with 413 and keeps nothing; a file at the limit is taken', async () => {
    const { base, id } = await makeRelease();
    const saved = forge.deps.config.attachmentMaxSize;
    forge.deps.config.attachmentMaxSize = 1 * MiB;
    try {
      const url = `${base}/releases/${id}/assets`;
      const message = `attachment exceeds limit ${MiB}`;
      // Declared too large (Content-Length): refused before reading.
      const declared = await post(`${url}?name=a.bin`, new Uint8Array(MiB + 1), { 'Content-Type': 'application/octet-stream' }, owner.token);
      expect(declared).toMatchObject({ status: 413, body: { message } });
      // No length given: refused once the limit is passed while streaming.
      const raw = generatedBody('', 5, 256 * 1024, '');
      expect(await post(`${url}?name=b.bin`, raw.stream, { 'Content-Type': 'application/octet-stream' }, owner.token)).toMatchObject({
        status: 413,
        body: { message },
      });
      const boundary = 'b0undary';
      const form = generatedBody(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="c.bin"\r\n\r\n`,
        5,
        256 * 1024,
        `\r\n--${boundary}--\r\n`,
      );
      expect(await post(url, form.stream, { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, owner.token)).toMatchObject({
        status: 413,
        body: { message },
      });
      expect(onDisk()).toBe(0);
      expect((await forge.req('GET', url)).body).toEqual([]);

      const atLimit = new FormData();
      atLimit.append('attachment', new Blob([new Uint8Array(MiB).fill(7)]), 'exact.bin');
      const ok = await post(url, atLimit, {}, owner.token);
      expect(ok).toMatchObject({ status: 201, body: { name: 'exact.bin', size: MiB } });
    } finally {
      forge.deps.config.attachmentMaxSize = saved;
    }
  });
});

describe('authorization comes first', () => {
  it('answers 401, 403 and 404 before looking at the body (no name, too large or malformed)', async () => {
    const pub = await makeRelease();
    const priv = await makeRelease({ private: true });
    const raw = { 'Content-Type': 'application/octet-stream' };
    const bad = { 'Content-Type': 'multipart/form-data; boundary=zz' };
    const big = new Uint8Array(2 * MiB);
    const saved = forge.deps.config.attachmentMaxSize;
    forge.deps.config.attachmentMaxSize = MiB;
    try {
      expect((await post(`${pub.base}/releases/${pub.id}/assets`, big, raw)).status).toBe(401);
      expect((await post(`${pub.base}/releases/${pub.id}/assets`, 'junk', bad, reader.token)).status).toBe(403);
      expect((await post(`${pub.base}/releases/${pub.id}/assets`, big, raw, reader.token)).status).toBe(403);
      expect((await post(`${priv.base}/releases/${priv.id}/assets?name=x`, big, raw, stranger.token)).status).toBe(404);
      expect((await post(`${pub.base}/releases/999999/assets`, big, raw, owner.token)).status).toBe(404);
      // Then the body: a malformed form is 400, a form without the file 422.
      expect((await post(`${pub.base}/releases/${pub.id}/assets`, 'junk', bad, owner.token)).status).toBe(400);
      const noFile = new FormData();
      noFile.append('other', 'x');
      expect((await post(`${pub.base}/releases/${pub.id}/assets`, noFile, {}, owner.token)).status).toBe(422);
      // A name given as a form field before the file, as Gitea's FormString("name") reads it.
      const named = new FormData();
      named.append('name', 'from-field.txt');
      named.append('attachment', new Blob(['hello']), 'original.txt');
      expect((await post(`${pub.base}/releases/${pub.id}/assets`, named, {}, owner.token)).body).toMatchObject({ name: 'from-field.txt', size: 5 });
    } finally {
      forge.deps.config.attachmentMaxSize = saved;
    }
  });
});
