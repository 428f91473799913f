// Releases API as Gitea answers it (issue #21): list with filters and paging, create (the tag made
// from target_commitish, seen by a git client), 409 for a second release of a tag, drafts for
// writers only, edit, delete keeping the tag, latest, by tag; assets uploaded, listed, renamed,
// deleted and downloaded byte for byte at browser_download_url; private repositories 404.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { encodedForm } from './generated-upload.ts';
import { createFixtureRepo, type FixtureCommit } from './git-fixtures.ts';
import { gitClient, gitUrl, listenForge } from './git-over-http.ts';
import type { EventOf } from '../src/services/events.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const writer = await forge.user('writer');
const reader = await forge.user('reader');
const stranger = await forge.user('stranger');

const events: EventOf<'release.published' | 'release.updated' | 'release.deleted'>[] = [];
for (const t of ['release.published', 'release.updated', 'release.deleted'] as const) forge.deps.events!.on(t, (e) => void events.push(e));

const history = (): FixtureCommit[] => [
  { id: 'c1', message: 'first\n', files: { 'README.md': 'hello\n' }, date: 1_700_000_000 },
  { id: 'c2', message: 'second\n', files: { 'src/a.ts': 'a\n' }, date: 1_700_000_100 },
  { id: 'f1', branch: 'feature/x', from: 'c1', message: 'feature\n', files: { 'f.ts': 'f\n' }, date: 1_700_000_200 },
];

async function makeRepo(opts: { private?: boolean } = {}) {
  const name = uniq('rel');
  const r = await createFixtureRepo(forge.deps, owner, name, history(), { tags: [{ name: 'v0', at: 'c1' }], private: opts.private });
  const base = `/repos/${owner.name}/${name}`;
  await forge.req('PUT', `${base}/collaborators/${writer.name}`, { token: owner.token, body: { permission: 'write' } });
  await forge.req('PUT', `${base}/collaborators/${reader.name}`, { token: owner.token, body: { permission: 'read' } });
  return { ...r, name, base };
}

async function upload(url: string, token: string | undefined, data: Uint8Array<ArrayBuffer>, fileName = 'app.bin') {
  const form = new FormData();
  form.append('attachment', new Blob([data]), fileName);
  const { body, contentType } = await encodedForm(form);
  const res = await forge.app.request(`/api/v1${url}`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': contentType, ...(token ? { Authorization: `token ${token}` } : {}) },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function download(url: string, token?: string) {
  const res = await forge.app.request(url.replace('http://localhost:3000', ''), { headers: token ? { Authorization: `token ${token}` } : {} });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('creating and reading releases', () => {
  it('creates the tag from target_commitish, answers Gitea’s Release shape, and a git client sees the tag', async () => {
    const { base, name, shas, repo } = await makeRepo();
    const res = await forge.req('POST', `${base}/releases`, {
      token: writer.token,
      body: { tag_name: 'v1.0', target_commitish: 'feature/x', name: 'First', body: '# Notes', prerelease: false },
    });
    expect(res.status).toBe(201);
    const html = `http://localhost:3000/${owner.name}/${name}`;
    expect(res.body).toMatchObject({
      tag_name: 'v1.0',
      target_commitish: 'feature/x',
      name: 'First',
      body: '# Notes',
      url: `http://localhost:3000/api/v1${base}/releases/${res.body.id}`,
      html_url: `${html}/releases/tag/v1.0`,
      tarball_url: `${html}/archive/v1.0.tar.gz`,
      zipball_url: `${html}/archive/v1.0.zip`,
      upload_url: `http://localhost:3000/api/v1${base}/releases/${res.body.id}/assets`,
      draft: false,
      prerelease: false,
      author: { login: writer.name },
      assets: [],
    });
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'id',
        'tag_name',
        'target_commitish',
        'name',
        'body',
        'url',
        'html_url',
        'tarball_url',
        'zipball_url',
        'upload_url',
        'draft',
        'prerelease',
        'created_at',
        'published_at',
        'author',
        'assets',
      ].sort(),
    );
    expect(res.body.published_at).toBe(res.body.created_at);
    const tag = await forge.req('GET', `${base}/tags/v1.0`);
    expect(tag.body.commit.sha).toBe(shas.f1);

    const { base: http, close } = await listenForge(forge);
    const client = gitClient('rel-');
    try {
      const { stdout } = await client.git(client.home, 'ls-remote', '--tags', gitUrl(http, `${owner.name}/${name}`));
      expect(stdout).toContain(`${shas.f1}\trefs/tags/v1.0`);
    } finally {
      close();
      client.cleanup();
    }
    // The feed shows the push of the tag and the published release, as Gitea's.
    const ops = await forge.deps.db
      .selectFrom('action')
      .select(['op_type', 'ref_name', 'content'])
      .where('repo_id', '=', repo.id)
      .where('user_id', '=', owner.id)
      .execute();
    expect(ops).toEqual(
      expect.arrayContaining([
        { op_type: 'push_tag', ref_name: 'refs/tags/v1.0', content: '' },
        { op_type: 'publish_release', ref_name: 'v1.0', content: 'First' },
      ]),
    );
    const ev = events.find((e) => e.release.id === res.body.id)!;
    expect(ev.type).toBe('release.published');
    expect(ev.release).toEqual(res.body);
    expect(ev.actor.name).toBe(writer.name);

    expect((await forge.req('GET', `${base}/releases/${res.body.id}`, { token: writer.token })).body).toEqual(res.body);
    expect((await forge.req('GET', `${base}/releases/tags/v1.0`, { token: writer.token })).body).toEqual(res.body);
  });

  it('uses the default branch without a target, an existing tag as it is, and answers 409, 404 and 422 as Gitea', async () => {
    const { base, shas } = await makeRepo();
    const a = await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v2' } });
    expect(a.status).toBe(201);
    expect(a.body.target_commitish).toBe('main');
    expect((await forge.req('GET', `${base}/tags/v2`)).body.commit.sha).toBe(shas.c2);
    const old = await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v0', target_commitish: 'main' } });
    expect(old.status).toBe(201);
    expect((await forge.req('GET', `${base}/tags/v0`)).body.commit.sha).toBe(shas.c1);
    expect((await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v2' } })).status).toBe(409);
    expect((await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v3', target_commitish: 'nope' } })).status).toBe(404);
    expect((await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'bad..name' } })).status).toBe(422);
    expect((await forge.req('POST', `${base}/releases`, { token: owner.token, body: { name: 'no tag' } })).status).toBe(422);
    // A tag held by a release cannot be deleted directly (Gitea's 409).
    expect((await forge.req('DELETE', `${base}/tags/v2`, { token: owner.token })).status).toBe(409);
  });

  it('authorizes first: 401 anonymous, 403 reader, 404 stranger on a private repository, 404 unknown release', async () => {
    const { base } = await makeRepo({ private: true });
    expect((await forge.req('POST', `${base}/releases`, { body: { tag_name: 'x' } })).status).toBe(404);
    const pub = await makeRepo();
    expect((await forge.req('POST', `${pub.base}/releases`, { body: { tag_name: 'x' } })).status).toBe(401);
    expect((await forge.req('POST', `${pub.base}/releases`, { token: reader.token, body: {} })).status).toBe(403);
    expect((await forge.req('POST', `${base}/releases`, { token: stranger.token, body: {} })).status).toBe(404);
    expect((await forge.req('GET', `${base}/releases`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('GET', `${base}/releases`, { token: reader.token })).status).toBe(200);
    expect((await forge.req('GET', `${pub.base}/releases/999999`)).status).toBe(404);
    expect((await forge.req('GET', `${pub.base}/releases/latest`)).status).toBe(404);
  });
});

describe('a release for a tag that exists (Gitea reuses the tag’s release row)', () => {
  it('takes the tag’s date and the target as asked, so latest stays the newest tag', async () => {
    const { base } = await makeRepo();
    const fresh = await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v9', name: 'Nine' } });
    expect(fresh.body.target_commitish).toBe('main');
    const old = await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v0', name: 'Notes for an old tag' } });
    expect(old.status).toBe(201);
    const tag = (await forge.req('GET', `${base}/tags/v0`, { token: owner.token })).body;
    expect(Date.parse(old.body.created_at)).toBe(Date.parse(tag.commit.created));
    expect(old.body.target_commitish).toBe('');
    expect((await forge.req('GET', `${base}/releases/latest`, { token: owner.token })).body.tag_name).toBe('v9');
  });
});

describe('ids that are not numbers', () => {
  it('answers 404 as Gitea, which reads them as 0', async () => {
    const { base } = await makeRepo();
    expect((await forge.req('GET', `${base}/releases/abc`, { token: owner.token })).status).toBe(404);
    expect((await forge.req('GET', `${base}/releases/1x/assets/abc`, { token: owner.token })).status).toBe(404);
    expect((await forge.req('GET', '/notifications/threads/abc', { token: owner.token })).status).toBe(404);
  });
});

describe('drafts, filters, paging and latest', () => {
  it('hides drafts from readers, makes no tag until published, and filters and pages newest first', async () => {
    const { base } = await makeRepo();
    const draft = await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v9', name: 'Draft', draft: true } });
    expect(draft.status).toBe(201);
    expect(draft.body.draft).toBe(true);
    expect((await forge.req('GET', `${base}/tags/v9`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/releases/${draft.body.id}`, { token: reader.token })).status).toBe(404);
    expect((await forge.req('GET', `${base}/releases/tags/v9`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/releases/${draft.body.id}/assets`, { token: reader.token })).status).toBe(404);
    expect((await forge.req('GET', `${base}/releases`, { token: reader.token })).body).toEqual([]);
    expect((await forge.req('GET', `${base}/releases`, { token: writer.token })).body.map((r: any) => r.tag_name)).toEqual(['v9']);
    expect(events.some((e) => e.release.id === draft.body.id)).toBe(false);

    const pre = await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v1-rc', prerelease: true } });
    const full = await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v1' } });
    // Same second: Gitea orders by created_unix then id, newest first.
    const all = await forge.req('GET', `${base}/releases`, { token: owner.token });
    expect(all.body.map((r: any) => r.tag_name)).toEqual(['v1', 'v1-rc', 'v9']);
    expect(all.headers.get('x-total-count')).toBe('3');
    expect((await forge.req('GET', `${base}/releases?draft=true`, { token: owner.token })).body.map((r: any) => r.tag_name)).toEqual(['v9']);
    expect((await forge.req('GET', `${base}/releases?pre-release=true`, { token: owner.token })).body.map((r: any) => r.tag_name)).toEqual(['v1-rc']);
    expect((await forge.req('GET', `${base}/releases?pre-release=false&draft=false`)).body.map((r: any) => r.tag_name)).toEqual(['v1']);
    const page2 = await forge.req('GET', `${base}/releases?page=2&limit=1`, { token: owner.token });
    expect(page2.body.map((r: any) => r.tag_name)).toEqual(['v1-rc']);
    expect(page2.headers.get('link')).toContain('rel="next"');
    expect((await forge.req('GET', `${base}/releases/latest`)).body.id).toBe(full.body.id);
    expect(pre.body.prerelease).toBe(true);

    // Publishing the draft creates its tag and announces it.
    const pub = await forge.req('PATCH', `${base}/releases/${draft.body.id}`, { token: writer.token, body: { draft: false, body: 'Now out' } });
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ draft: false, body: 'Now out', name: 'Draft' });
    expect((await forge.req('GET', `${base}/tags/v9`)).status).toBe(200);
    expect(events.filter((e) => e.release.id === draft.body.id).map((e) => e.type)).toEqual(['release.published']);
    const edit = await forge.req('PATCH', `${base}/releases/${draft.body.id}`, { token: writer.token, body: { name: 'Renamed' } });
    expect(edit.body.name).toBe('Renamed');
    expect(events.filter((e) => e.release.id === draft.body.id).map((e) => e.type)).toEqual(['release.published', 'release.updated']);
    expect((await forge.req('PATCH', `${base}/releases/${draft.body.id}`, { token: reader.token, body: { name: 'x' } })).status).toBe(403);
    expect((await forge.req('PATCH', `${base}/releases/${draft.body.id}`, { token: writer.token, body: { tag_name: 'v1' } })).status).toBe(409);
  });

  it('deletes by id and by tag, keeping the tag', async () => {
    const { base } = await makeRepo();
    const a = await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v1' } });
    await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'rel/v2' } });
    expect((await forge.req('DELETE', `${base}/releases/${a.body.id}`, { token: reader.token })).status).toBe(403);
    expect((await forge.req('DELETE', `${base}/releases/${a.body.id}`, { token: writer.token })).status).toBe(204);
    expect((await forge.req('GET', `${base}/releases/${a.body.id}`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/tags/v1`)).status).toBe(200);
    expect(events.filter((e) => e.release.id === a.body.id).map((e) => e.type)).toEqual(['release.published', 'release.deleted']);
    expect((await forge.req('GET', `${base}/releases/tags/rel/v2`)).status).toBe(200);
    expect((await forge.req('DELETE', `${base}/releases/tags/rel/v2`, { token: writer.token })).status).toBe(204);
    expect((await forge.req('DELETE', `${base}/releases/tags/rel/v2`, { token: writer.token })).status).toBe(404);
    expect((await forge.req('GET', `${base}/tags/rel/v2`)).status).toBe(200);
    expect((await forge.req('GET', `${base}/releases`)).body).toEqual([]);
  });
});

describe('releases follow their tags as git pushes them (Gitea’s pushUpdateAddTags and PushUpdateDeleteTags)', () => {
  it('a pushed tag publishes its draft with the tag’s commit and date; deleting the tag makes it a draft again', async () => {
    const { base, name, shas } = await makeRepo();
    const draft = await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v5.0', name: 'Five', draft: true } });
    expect(draft.status).toBe(201);
    const { base: http, close } = await listenForge(forge);
    const client = gitClient('rel-sync-');
    try {
      const url = gitUrl(http, `${owner.name}/${name}`, [owner.name, owner.password]);
      const work = client.tmp();
      await client.git(work, 'clone', '--quiet', url, '.');
      await client.git(work, 'tag', '-a', 'v5.0', '-m', 'Five', shas.c1!, '--no-sign');
      await client.git(work, 'push', '--quiet', 'origin', 'v5.0');
      const published = (await forge.req('GET', `${base}/releases/${draft.body.id}`, { token: owner.token })).body;
      expect(published).toMatchObject({ draft: false, tag_name: 'v5.0', name: 'Five' });
      const tag = (await forge.req('GET', `${base}/tags/v5.0`, { token: owner.token })).body;
      expect(published.created_at).toBe(tag.commit.created.replace(/\.\d+/, '').replace('+00:00', 'Z'));
      // Readers see it now, and by a tag name in other case too (Gitea compares them lower-cased).
      expect((await forge.req('GET', `${base}/releases/tags/V5.0`, { token: reader.token })).body.id).toBe(draft.body.id);
      expect((await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'V5.0' } })).status).toBe(409);

      await client.git(work, 'push', '--quiet', 'origin', ':refs/tags/v5.0');
      const gone = await forge.req('GET', `${base}/releases/${draft.body.id}`, { token: owner.token });
      expect(gone.body.draft).toBe(true);
      expect((await forge.req('GET', `${base}/releases/${draft.body.id}`, { token: reader.token })).status).toBe(404);
      expect((await forge.req('GET', `${base}/releases/latest`, { token: owner.token })).body.id).not.toBe(draft.body.id);
    } finally {
      close();
      client.cleanup();
    }
  });
});

describe('assets', () => {
  it('uploads, lists, gets, renames, downloads the exact bytes and deletes', async () => {
    const { base, name } = await makeRepo();
    const rel = (await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v1/x' } })).body;
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 31 + 7) % 256);
    expect((await upload(`${base}/releases/${rel.id}/assets`, reader.token, bytes)).status).toBe(403);
    expect((await upload(`${base}/releases/${rel.id}/assets`, undefined, bytes)).status).toBe(401);
    const up = await upload(`${base}/releases/${rel.id}/assets?name=tool-linux.bin`, writer.token, bytes);
    expect(up).toMatchObject({ status: 201 });
    expect(up.body).toMatchObject({ name: 'tool-linux.bin', size: bytes.length, download_count: 0 });
    // As Gitea: one asset alone has its uuid URL; the release's list has the by-name URL.
    const byName = `http://localhost:3000/${owner.name}/${name}/releases/download/v1/x/tool-linux.bin`;
    expect(up.body.browser_download_url).toBe(`http://localhost:3000/attachments/${up.body.uuid}`);
    const listed = { ...up.body, browser_download_url: byName, download_url: byName };
    expect((await forge.req('GET', `${base}/releases/${rel.id}/assets`)).body).toEqual([listed]);
    expect((await forge.req('GET', `${base}/releases/${rel.id}/assets/${up.body.id}`)).body).toEqual(up.body);
    expect((await forge.req('GET', `${base}/releases/${rel.id}`)).body.assets).toEqual([listed]);

    for (const url of [byName, up.body.browser_download_url]) {
      const got = await download(url);
      expect(got.status).toBe(200);
      expect(Buffer.from(got.bytes).equals(Buffer.from(bytes))).toBe(true);
      expect(got.headers.get('content-disposition')).toContain('attachment');
    }
    expect((await forge.req('GET', `${base}/releases/${rel.id}/assets/${up.body.id}`)).body.download_count).toBe(2);

    const renamed = await forge.req('PATCH', `${base}/releases/${rel.id}/assets/${up.body.id}`, { token: writer.token, body: { name: 'tool.bin' } });
    expect(renamed.status).toBe(201);
    const renamedUrl = (await forge.req('GET', `${base}/releases/${rel.id}`)).body.assets[0].browser_download_url;
    expect(renamedUrl).toMatch(/\/releases\/download\/v1\/x\/tool\.bin$/);
    expect((await download(byName)).status).toBe(404);
    expect(Buffer.from((await download(renamedUrl)).bytes).equals(Buffer.from(bytes))).toBe(true);

    // Two assets of one name: Gitea lists both by uuid, as a name could not tell them apart.
    const twin = await upload(`${base}/releases/${rel.id}/assets?name=tool.bin`, writer.token, new Uint8Array([9, 9]));
    const both = (await forge.req('GET', `${base}/releases/${rel.id}/assets`)).body.map((a: { browser_download_url: string }) => a.browser_download_url);
    expect(both).toEqual([`http://localhost:3000/attachments/${up.body.uuid}`, `http://localhost:3000/attachments/${twin.body.uuid}`]);
    expect([...(await download(both[1])).bytes]).toEqual([9, 9]);
    expect((await forge.req('DELETE', `${base}/releases/${rel.id}/assets/${twin.body.id}`, { token: writer.token })).status).toBe(204);

    const form = new FormData();
    form.append('other', 'x');
    const res = await forge.app.request(`/api/v1${base}/releases/${rel.id}/assets`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `token ${owner.token}` },
    });
    expect(res.status).toBe(422);
    expect((await forge.req('DELETE', `${base}/releases/${rel.id}/assets/${up.body.id}`, { token: reader.token })).status).toBe(403);
    expect((await forge.req('DELETE', `${base}/releases/${rel.id}/assets/${up.body.id}`, { token: writer.token })).status).toBe(204);
    expect((await forge.req('GET', `${base}/releases/${rel.id}/assets/${up.body.id}`)).status).toBe(404);
    expect((await download(renamedUrl)).status).toBe(404);
  });

  it('serves private and draft assets only to those who may see them', async () => {
    const { base } = await makeRepo({ private: true });
    const rel = (await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v1' } })).body;
    const up = (await upload(`${base}/releases/${rel.id}/assets`, owner.token, new Uint8Array([1, 2, 3]), 'a.bin')).body;
    expect((await download(up.browser_download_url)).status).toBe(404);
    expect((await download(up.browser_download_url, stranger.token)).status).toBe(404);
    expect((await download(up.browser_download_url, reader.token)).status).toBe(200);
    expect((await forge.req('GET', `${base}/releases/${rel.id}/assets`, { token: stranger.token })).status).toBe(404);

    const draft = (await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v2', draft: true } })).body;
    const d = (await upload(`${base}/releases/${draft.id}/assets`, owner.token, new Uint8Array([4, 5]), 'd.bin')).body;
    expect((await download(d.browser_download_url, reader.token)).status).toBe(404);
    expect((await download(`/attachments/${d.uuid}`, reader.token)).status).toBe(404);
    expect((await download(d.browser_download_url, writer.token)).status).toBe(200);
  });
});

afterAll(() => undefined);
