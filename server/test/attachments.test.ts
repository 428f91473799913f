import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { encodedForm } from './generated-upload.ts';
import { ownerWithRepo } from './issues-helpers.ts';

const forge = await createTestForge();

async function upload(url: string, token: string | undefined, data: Uint8Array<ArrayBuffer> | string, name = 'notes.txt') {
  const form = new FormData();
  form.append('attachment', new Blob([data]), name);
  const { body, contentType } = await encodedForm(form);
  const res = await forge.app.request(`/api/v1${url}`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': contentType, ...(token ? { Authorization: `token ${token}` } : {}) },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('attachments', () => {
  it('uploads to a comment, lists, downloads, renames and deletes', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'files' } });
    const c = await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: 'see file' } });
    const up = await upload(`${base}/issues/comments/${c.body.id}/assets`, owner.token, 'hello file');
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ name: 'notes.txt', size: 10, download_count: 0 });
    expect(up.body.browser_download_url).toBe(`http://localhost:3000/attachments/${up.body.uuid}`);
    expect(fs.existsSync(path.join(forge.dataDir, 'attachments', up.body.uuid[0], up.body.uuid[1], up.body.uuid))).toBe(true);

    const list = await forge.req('GET', `${base}/issues/comments/${c.body.id}/assets`);
    expect(list.body.map((a: any) => a.id)).toEqual([up.body.id]);
    expect((await forge.req('GET', `${base}/issues/comments/${c.body.id}`)).body.assets[0].uuid).toBe(up.body.uuid);

    const dl = await forge.app.request(`/attachments/${up.body.uuid}`);
    expect(dl.status).toBe(200);
    expect(await dl.text()).toBe('hello file');
    expect(dl.headers.get('content-disposition')).toContain('attachment');
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');

    const ren = await forge.req('PATCH', `${base}/issues/comments/${c.body.id}/assets/${up.body.id}`, { token: owner.token, body: { name: 'renamed.txt' } });
    expect(ren.status).toBe(201);
    expect(ren.body.name).toBe('renamed.txt');
    // An empty name changes nothing (Gitea renames only to a name given).
    const same = await forge.req('PATCH', `${base}/issues/comments/${c.body.id}/assets/${up.body.id}`, { token: owner.token, body: { name: '' } });
    expect(same).toMatchObject({ status: 201, body: { name: 'renamed.txt' } });
    expect((await forge.req('GET', `${base}/issues/comments/${c.body.id}/assets/${up.body.id}`)).body.download_count).toBe(1);

    const stranger = await forge.user('stranger');
    expect((await upload(`${base}/issues/comments/${c.body.id}/assets`, stranger.token, 'x')).status).toBe(403);
    expect((await upload(`${base}/issues/comments/${c.body.id}/assets`, undefined, 'x')).status).toBe(401);
    expect((await forge.req('DELETE', `${base}/issues/comments/${c.body.id}/assets/${up.body.id}`, { token: stranger.token })).status).toBe(403);
    expect((await forge.req('DELETE', `${base}/issues/comments/${c.body.id}/assets/${up.body.id}`, { token: owner.token })).status).toBe(204);
    expect((await forge.app.request(`/attachments/${up.body.uuid}`)).status).toBe(404);
  });

  it('attaches to an issue body and shows it in the issue assets', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const author = await forge.user('author');
    await forge.req('POST', `${base}/issues`, { token: author.token, body: { title: 'mine' } });
    const up = await upload(`${base}/issues/1/assets`, author.token, new Uint8Array([137, 80, 78, 71]), 'shot.png');
    expect(up.status).toBe(201);
    const issue = await forge.req('GET', `${base}/issues/1`);
    expect(issue.body.assets.map((a: any) => a.name)).toEqual(['shot.png']);
    const dl = await forge.app.request(`/attachments/${up.body.uuid}`);
    expect(dl.headers.get('content-type')).toBe('image/png');
    expect((await forge.req('GET', `${base}/issues/1/assets`)).body).toHaveLength(1);
    expect((await forge.req('DELETE', `${base}/issues/1/assets/${up.body.id}`, { token: owner.token })).status).toBe(204);
  });

  it('refuses files over the attachment limit (here 10 MiB) with 413 and a missing file with 422', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'big' } });
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    const saved = forge.deps.config.attachmentMaxSize;
    forge.deps.config.attachmentMaxSize = 10 * 1024 * 1024;
    try {
      expect(await upload(`${base}/issues/1/assets`, owner.token, big, 'big.bin')).toMatchObject({
        status: 413,
        body: { message: `attachment exceeds limit ${10 * 1024 * 1024}` },
      });
    } finally {
      forge.deps.config.attachmentMaxSize = saved;
    }
    const form = new FormData();
    form.append('other', 'x');
    const res = await forge.app.request(`/api/v1${base}/issues/1/assets`, { method: 'POST', body: form, headers: { Authorization: `token ${owner.token}` } });
    expect(res.status).toBe(422);
    expect((await forge.req('GET', `${base}/issues/1/assets`)).body).toEqual([]);
  });

  it('serves downloads of private repositories only to readers', async () => {
    const { owner, base } = await ownerWithRepo(forge, { private: true });
    const stranger = await forge.user('stranger');
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'secret' } });
    const up = await upload(`${base}/issues/1/assets`, owner.token, 'classified');
    expect((await forge.app.request(`/attachments/${up.body.uuid}`)).status).toBe(404);
    expect((await forge.app.request(`/attachments/${up.body.uuid}`, { headers: { Authorization: `token ${stranger.token}` } })).status).toBe(404);
    const ok = await forge.app.request(`/attachments/${up.body.uuid}`, { headers: { Authorization: `token ${owner.token}` } });
    expect(await ok.text()).toBe('classified');
  });
});
