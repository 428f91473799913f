// Issue #23: a body of a media type the route does not declare is judged after authorization, as
// every other part of the input: anonymous 401, a private repository 404, a visible one the
// caller may not change 403, and only then 415. Nothing is stored on the way.
import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { ownerWithRepo } from './issues-helpers.ts';

const forge = await createTestForge();
const pub = await ownerWithRepo(forge);
const priv = await ownerWithRepo(forge, { private: true });
const stranger = await forge.user('stranger');

async function send(url: string, opts: { token?: string; contentType?: string | null; body?: string }) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.Authorization = `token ${opts.token}`;
  const req = new Request(`http://localhost/api/v1${url}`, { method: 'POST', headers, body: opts.body ?? 'name=x&color=%23ff0000' });
  // A string body gets text/plain from the Request; null sends it without any type.
  if (opts.contentType === null) req.headers.delete('content-type');
  else if (opts.contentType) req.headers.set('content-type', opts.contentType);
  const res = await forge.app.request(req);
  return { status: res.status, body: (await res.json().catch(() => undefined)) as { message?: string } | undefined };
}

const labelCount = async (repoId: number) => (await forge.deps.db.selectFrom('label').select('id').where('repo_id', '=', repoId).execute()).length;

describe('an undeclared Content-Type', () => {
  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', null])('%s: refusals first, then 415', async (type) => {
    const labels = `${pub.base}/labels`;
    expect((await send(labels, { contentType: type })).status).toBe(401);
    expect((await send('/user/repos', { contentType: type })).status).toBe(401);
    expect((await send(`${priv.base}/labels`, { token: stranger.token, contentType: type })).status).toBe(404);
    expect((await send(labels, { token: stranger.token, contentType: type })).status).toBe(403);
    const owner = await send(labels, { token: pub.owner.token, contentType: type });
    expect(owner.status).toBe(415);
    expect(owner.body?.message).toBe('Unsupported Media Type');
    expect((await send('/user/repos', { token: stranger.token, contentType: type })).status).toBe(415);
    expect(await labelCount(pub.repo.id)).toBe(0);
  });

  it('a declared JSON body still works, and a multipart route refuses JSON after its own checks', async () => {
    const ok = await send(`${pub.base}/labels`, { token: pub.owner.token, contentType: 'application/json', body: '{"name":"bug","color":"#ff0000"}' });
    expect(ok.status).toBe(201);
    const assets = `${priv.base}/issues/1/assets`;
    expect((await send(assets, { contentType: 'application/json', body: '{}' })).status).toBe(404);
    expect((await send(assets, { token: stranger.token, contentType: 'application/json', body: '{}' })).status).toBe(404);
  });
});
