// Issue and comment attachments streamed to disk like release assets (issue #21): a 64 MiB upload
// is written as it arrives (the bytes on disk keep up with the bytes sent, so memory holds a chunk
// or two) and downloads byte for byte; Gitea's checks in its order (who may upload, the file field,
// [attachment] ALLOWED_TYPES 422, [attachment] MAX_SIZE 413) with nothing kept when refused; and
// the start-up sweep of `.part` files a crash left behind.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createTestForge } from './helpers.ts';
import { ownerWithRepo } from './issues-helpers.ts';
import { encodedForm, generatedBody } from './generated-upload.ts';
import { sweepStaleUploads } from '../src/services/upload-sweep.ts';
import { processTag } from '../src/services/repo-folders.ts';
import { holdProcessLock, isPostgres } from '../src/db/dialect.ts';

const forge = await createTestForge();
const MiB = 1024 * 1024;
const tmpDir = path.join(forge.dataDir, 'attachments', 'tmp');
const BOUNDARY = '----forgeAttachBoundary9xQ2';

const onDisk = () => (fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir).reduce((n, f) => n + fs.statSync(path.join(tmpDir, f)).size, 0) : 0);

/** A multipart body with the file field `attachment` generated as it is read; records how far the disk lags. */
const generatedForm = (filename: string, count: number, size: number) =>
  generatedBody(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    count,
    size,
    `\r\n--${BOUNDARY}--\r\n`,
    onDisk,
  );

async function post(
  url: string,
  body: BodyInit | ReadableStream,
  token: string | undefined,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
  headers: Record<string, string> = {},
) {
  const res = await forge.app.request(`/api/v1${url}`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': contentType, ...headers, ...(token ? { Authorization: `token ${token}` } : {}) },
    ...({ duplex: 'half' } as object),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** `length`: with the Content-Length header a client sends (app.request sets none). */
async function upload(url: string, token: string, data: Uint8Array<ArrayBuffer> | string, name: string, opts: { length?: boolean } = {}) {
  const form = new FormData();
  form.append('attachment', new Blob([data]), name);
  const { body, contentType } = await encodedForm(form);
  const headers: Record<string, string> = { Authorization: `token ${token}`, 'Content-Type': contentType };
  if (opts.length) headers['Content-Length'] = String(body.byteLength);
  const res = await forge.app.request(`/api/v1${url}`, { method: 'POST', body, headers });
  return { status: res.status, body: await res.json() };
}

async function sha256Of(res: Response): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) hash.update(c);
  return hash.digest('hex');
}

async function withConfig<T>(patch: Partial<typeof forge.deps.config>, run: () => Promise<T>): Promise<T> {
  const saved = { ...forge.deps.config };
  Object.assign(forge.deps.config, patch);
  try {
    return await run();
  } finally {
    Object.assign(forge.deps.config, saved);
  }
}

describe('streamed issue and comment attachments', () => {
  it('writes a 64 MiB comment attachment as it arrives and serves the same bytes back', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'logs' } });
    const c = await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: 'full dump attached' } });
    const { stream, stats } = generatedForm('core.dump', 256, 256 * 1024);
    const up = await post(`${base}/issues/comments/${c.body.id}/assets`, stream, owner.token);
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ name: 'core.dump', size: 64 * MiB });
    // Each chunk reached the disk before the next few were asked for: memory never held the file.
    expect(stats.sent).toBe(64 * MiB);
    expect(stats.maxLag).toBeLessThan(2 * MiB);
    expect(onDisk()).toBe(0);

    const dl = await forge.app.request(`/attachments/${up.body.uuid}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-length')).toBe(String(64 * MiB));
    expect(await sha256Of(dl)).toBe(stats.hash);
    expect((await forge.req('GET', `${base}/issues/comments/${c.body.id}`)).body.assets.map((a: { size: number }) => a.size)).toEqual([64 * MiB]);
  });

  it('refuses an issue attachment over [attachment] MAX_SIZE mid-stream with 413 and keeps nothing', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'too big' } });
    const refused = await withConfig({ attachmentMaxSize: MiB }, async () => {
      const { stream } = generatedForm('huge.bin', 16, 256 * 1024);
      return post(`${base}/issues/1/assets?name=huge.bin`, stream, owner.token);
    });
    expect(refused).toMatchObject({ status: 413, body: { message: `attachment exceeds limit ${MiB}` } });
    expect(onDisk()).toBe(0);
    expect((await forge.req('GET', `${base}/issues/1/assets`)).body).toEqual([]);
    // Exactly at the limit is fine.
    const fits = await withConfig({ attachmentMaxSize: MiB }, () => upload(`${base}/issues/1/assets`, owner.token, new Uint8Array(MiB), 'fits.bin'));
    expect(fits).toMatchObject({ status: 201, body: { name: 'fits.bin', size: MiB } });
  });

  it('checks [attachment] ALLOWED_TYPES on the name and the content before the size (422), also on rename', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'types' } });
    const url = `${base}/issues/1/assets`;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await withConfig({ attachmentAllowedTypes: '.txt, image/*', attachmentMaxSize: 1024 }, async () => {
      const forbidden = 'This file cannot be uploaded or modified due to a forbidden file extension or type.';
      // Too large and of a forbidden type: the type is checked first, as Gitea, also when the
      // form is declared too large to be read at all.
      expect(await upload(url, owner.token, new Uint8Array(4096), 'tool.exe')).toMatchObject({ status: 422, body: { message: forbidden } });
      const declared = { length: true };
      expect(await upload(url, owner.token, new Uint8Array(128 * 1024), 'tool.exe', declared)).toMatchObject({ status: 422, body: { message: forbidden } });
      expect(await upload(url, owner.token, new Uint8Array(128 * 1024), 'big.txt', declared)).toMatchObject({ status: 413 });
      // Only the file's first bytes are read of such a form.
      const huge = generatedForm('huge.txt', 64, 256 * 1024);
      const length = { 'Content-Length': String(64 * 256 * 1024 + 512) };
      expect(await post(`${url}?name=huge.txt`, huge.stream, owner.token, undefined, length)).toMatchObject({ status: 413 });
      expect(huge.stats.sent).toBeLessThan(MiB);
      expect(await upload(url, owner.token, 'plain words', 'notes.exe')).toMatchObject({ status: 422 });
      expect(await upload(url, owner.token, 'plain words', 'notes.TXT')).toMatchObject({ status: 201 });
      // A PNG by its content passes image/* whatever its name.
      const shot = await upload(url, owner.token, png, 'screenshot.data');
      expect(shot).toMatchObject({ status: 201, body: { name: 'screenshot.data' } });
      expect(await upload(url, owner.token, new Uint8Array(4096), 'big.txt')).toMatchObject({ status: 413 });
      const ren = await forge.req('PATCH', `${url}/${shot.body.id}`, { token: owner.token, body: { name: 'screenshot.exe' } });
      expect(ren).toMatchObject({ status: 422, body: { message: forbidden } });
    });
    expect((await forge.req('GET', url)).body.map((a: { name: string }) => a.name)).toEqual(['notes.TXT', 'screenshot.data']);
    expect(onDisk()).toBe(0);
    // The settings tell clients what is allowed.
    const settings = await withConfig({ attachmentAllowedTypes: '.txt,image/*' }, () => forge.req('GET', '/settings/attachment'));
    expect(settings.body).toMatchObject({ enabled: true, allowed_types: '.txt,image/*' });
  });

  it('takes only a multipart form (Gitea reads the form file), and authorizes before reading the body', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'raw' } });
    expect(await post(`${base}/issues/1/assets?name=raw.bin`, new Uint8Array([1, 2, 3]), owner.token, 'application/octet-stream')).toMatchObject({
      status: 422,
      body: { message: 'attachment: a file is required' },
    });
    const stranger = await forge.user('stranger');
    // Refused before a single byte is read, however large the upload claims to be.
    const { stream, stats } = generatedForm('x.bin', 64, 256 * 1024);
    expect((await post(`${base}/issues/1/assets`, stream, stranger.token)).status).toBe(403);
    expect(stats.sent).toBe(0);
    expect((await post(`${base}/issues/1/assets`, generatedForm('x.bin', 1, 16).stream, undefined)).status).toBe(401);
    expect((await forge.req('GET', `${base}/issues/1/assets`)).body).toEqual([]);
  });
});

describe('an upload cut off by the client', () => {
  it('leaves no .part file and no attachment behind', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'cut' } });
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="cut.bin"\r\n\r\n`;
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode(head));
          // Half a megabyte arrives, then the connection drops.
          if (sent >= 2) return controller.error(new Error('connection reset by the client'));
          controller.enqueue(new Uint8Array(256 * 1024).fill(sent + 1));
          sent++;
        },
      },
      { highWaterMark: 0 },
    );
    // A broken upload is the client's doing: a 400, and no server fault logged.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const cut = await post(`${base}/issues/1/assets`, stream, owner.token).finally(() => logged.mockRestore());
    expect(cut.status).toBe(400);
    expect(logged).not.toHaveBeenCalled();
    expect(sent).toBe(2);
    expect(fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir).filter((n) => n.endsWith('.part')) : []).toEqual([]);
    expect((await forge.req('GET', `${base}/issues/1/assets`)).body).toEqual([]);
  });
});

describe('unfinished uploads', () => {
  const part = (tag: string, ageMs: number) => {
    fs.mkdirSync(tmpDir, { recursive: true });
    const file = path.join(tmpDir, `upload-p${tag}-${crypto.randomBytes(8).toString('hex')}.part`);
    fs.writeFileSync(file, 'half of a file');
    const when = new Date(Date.now() - ageMs);
    fs.utimesSync(file, when, when);
    return path.basename(file);
  };
  const hour = 60 * 60 * 1000;

  it("are removed at start: all on SQLite (one process per folder), on PostgreSQL all but a live process's recent one", async () => {
    const mine = part(processTag, 0);
    const others = [part('0badc0de', 2 * hour), part('deadbeef', 0)];
    fs.writeFileSync(path.join(tmpDir, 'keep.txt'), 'not an upload');
    // On PostgreSQL this process announces itself as `forge serve` does (reconcile.ts); processAlive sees it.
    const shared = isPostgres(forge.deps.db);
    if (shared) await holdProcessLock(forge.deps.db, processTag);
    const removed = await sweepStaleUploads(forge.deps, {}, () => {});
    expect(removed.sort()).toEqual((shared ? others : [mine, ...others]).sort());
    expect(fs.readdirSync(tmpDir).sort()).toEqual(shared ? ['keep.txt', mine].sort() : ['keep.txt']);
    fs.rmSync(path.join(tmpDir, 'keep.txt'));
    fs.rmSync(path.join(tmpDir, mine), { force: true });
  });

  it("leave a live process's recent upload alone on a shared folder, and remove dead or stale ones", async () => {
    const live = 'aaaaaaaa';
    const liveRecent = part(live, 60_000);
    const liveStale = part(live, 2 * hour);
    const deadRecent = part('deadbeef', 60_000);
    const lines: string[] = [];
    const removed = await sweepStaleUploads(forge.deps, { shared: true, alive: async (tag) => tag === live }, (l) => lines.push(l));
    expect(removed.sort()).toEqual([liveStale, deadRecent].sort());
    expect(fs.readdirSync(tmpDir)).toEqual([liveRecent]);
    expect(lines).toEqual(['removed 2 unfinished uploads from attachments/tmp']);
    fs.rmSync(path.join(tmpDir, liveRecent));
  });
});
