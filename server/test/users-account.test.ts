// A user's own account over the real API and SQLite: settings, avatar, SSH keys, tokens, heatmap,
// and who may see a user.
import { describe, expect, it } from 'vitest';
import { nowUnix } from '../src/db/index.ts';
import { parsePublicKey } from '../src/services/user-keys.ts';
import { createTestForge } from './helpers.ts';

const forge = await createTestForge();

// Real keys made once with ssh-keygen; the fingerprints are what `ssh-keygen -lf` printed for them.
const KEYS = {
  ed25519: {
    text: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMP5IlXvEYG3692tyYwZaLceeNqq78YxV9pa+nseoX9+ me@laptop',
    fingerprint: 'SHA256:ed8ZfkHCUBS8UufGoTmGbznH3HXqIcRM+P0QITOoCX0',
  },
  rsa3072: {
    text: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQCzPwdS5IVdZGdj11Oj0Stym19EeT9VwN+nbw22EPz44uCFEj81oBVoka57yihxKbrw92CMGmz2tLXQ1yABw1I59Yq8uyd6U2XmOZop0dgVAK9m76NVHAfNNgUwTf4KPSL1d66Lr/58JhuAoeXDFdpIWX4d9gXEeL0zAgz2HgcAj+tjYPNLUp3E+pjolIX6VzNJZL3jQ4l8ehcCNFLrPQMcZTHu2f3pAO8T3PhmQ95WR2fGu7sDdx1k4igraVDVGHoF4HBpalY+bGkUfEitoAV5jn5up6i0rt9B53BDEMimLVMDv95KiSIQspVDFsedEe+XjUeP2f4KhrW62zy9kFV1ZqqA4lcGAD1O4TtY5KlFkJWBQCfabGk6PIBuaJRH6CHsAv8ptoOWnxR/4q87mKsWMeAWS6PNslFSTgmtc76vEnASC8QaFl8KjA0NvQ7jTF8pmIfjyNd7lXoVoj52IK+o0+qX2Fc4HJb1IsTNvtSMJ+1jwt1l0maGRLz05BoNItU= rsa3072',
    fingerprint: 'SHA256:dUpHiuEZ4+uDO+Jws1L6gVR26Q3RpvDfGnJl1TcHU9Q',
  },
  rsa2048: {
    text: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCU+cIsIbxmdhgatgdbstFNl8bhnaX1YQ3o7kSNYunPMRl9oyKv6SrHL2TVQzf1mo+4b80ttg1RsiMHWv54TFys1rYJyFfvuC/NTbT3RN8SN2dqVip+YlhZn5vLroVd5/W5pml/cgsPhLKNwi/L0k+k1o/32p+HTw/YY8792B2wkTc5zJwc61ZsxsRF8ATL/OKS06m84/JjNlkQf7aNgDnOC+aF4d8KYP+1KuZ4I56np0V5jfdvhEL35f/Ag2S2CvaP79rj2IxgodctncJ/AKESwAFGlqVYIc2xd1Qk6qNd+RTtowtZhJsxiE3AfxqrOzP6T/M7y3Gj933/o13/s2bF rsa2048',
    fingerprint: 'SHA256:l+M+q1Tr9HuBs1neVYrG7lGbgLezz8WHq4Ff7oqfRPg',
  },
  ecdsa256: {
    text: 'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBLD3CJYrBIlcbUIE4WLY76Kxq3wJOzfT6BGw0ALJ/9xygMl2FJy6C4ruekQlr1xYezY9hFlIAVbaYpP8KB1ytyU= ec256',
    fingerprint: 'SHA256:/00RTkzLXF2grojc1EU62PzvEk9u3qBajI9q+iMFsHY',
  },
  ecdsa384: {
    text: 'ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBBC5kvV0ImczY6wkQnP1TSBN2f5hQ9VZXNVp5hv7BXrYOQfSc7YpURzSHRjoe2Jtl1OKMLtLBCfbrF6Rc1ui3nrIGzhvKxT6XwbMMIRSaZtHAXmyVTz0fkwUFtwXj3uXKg== ec384',
    fingerprint: 'SHA256:OXaq9Ov3IK/L8tf13DB4Wxi5uckcHcQkHK3bnKsQaKQ',
  },
  ecdsa521: {
    text: 'ecdsa-sha2-nistp521 AAAAE2VjZHNhLXNoYTItbmlzdHA1MjEAAAAIbmlzdHA1MjEAAACFBACAN6T/uayexSl5+pdyuo5MIabDmrxFpib7amEHKnGwNAMFd4kpoLRgXF8GsvT+QxRCEW3mNojlWhyaILgbMIvzQgCsq04pUX2QS5V3qzuGWf2y2C7zV8kwcFG8CPGSTGkWNGVmXYYWiVtB7wBzTMiN1u/mqRVnq5b+e2itaa6bzD1LYQ== ec521',
    fingerprint: 'SHA256:Hk3WUNkw99Rod87zjYwMP8++8cGYJctLnJ4OYzDLnzI',
  },
};

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('SSH key parsing', () => {
  it('fingerprints every supported type exactly as ssh-keygen -lf', () => {
    for (const k of [KEYS.ed25519, KEYS.rsa3072, KEYS.ecdsa256, KEYS.ecdsa384, KEYS.ecdsa521]) {
      expect(parsePublicKey(k.text).fingerprint).toBe(k.fingerprint);
    }
    expect(parsePublicKey(KEYS.rsa3072.text).bits).toBe(3072);
    expect(parsePublicKey(KEYS.ed25519.text).content).toBe(KEYS.ed25519.text.replace(/ me@laptop$/, ''));
  });

  it('refuses what is not a usable public key', () => {
    const [, ed] = KEYS.ed25519.text.split(' ') as [string, string];
    const ec = KEYS.ecdsa256.text.split(' ')[1]!;
    const bad = [
      '',
      'ssh-ed25519',
      'hello world',
      `ssh-rsa ${ed}`, // declared type differs from the embedded one
      `ecdsa-sha2-nistp384 ${ec}`,
      `ssh-ed25519 ${ed.slice(0, -8)}`, // truncated
      `ssh-ed25519 ${ed}!!`,
      `ssh-dss ${ed}`,
      KEYS.rsa2048.text, // below Gitea's 3071-bit minimum
      `ssh-ed25519 ${Buffer.concat([Buffer.from(ed, 'base64'), Buffer.from([0])]).toString('base64')}`, // trailing bytes
    ];
    for (const text of bad) expect(() => parsePublicKey(text), text).toThrow(/Invalid key content/);
  });
});

describe('SSH keys API', () => {
  it('adds, lists, gets and deletes keys in Gitea shape', async () => {
    const u = await forge.user('keys');
    const add = await forge.req('POST', '/user/keys', { token: u.token, body: { title: 'laptop', key: KEYS.ed25519.text } });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({
      title: 'laptop',
      fingerprint: KEYS.ed25519.fingerprint,
      key: KEYS.ed25519.text.replace(/ me@laptop$/, ''),
      key_type: 'user',
      url: `http://localhost:3000/api/v1/user/keys/${add.body.id}`,
      user: { login: u.name },
    });
    const ec = await forge.req('POST', '/user/keys', { token: u.token, body: { title: 'ci', key: KEYS.ecdsa384.text } });
    expect(ec.status).toBe(201);

    const mine = await forge.req('GET', '/user/keys', { token: u.token });
    expect(mine.body.map((k: any) => k.title)).toEqual(['laptop', 'ci']);
    expect(mine.headers.get('x-total-count')).toBe('2');
    // Anyone may list a visible user's keys, without the owner's private fields.
    const pub = await forge.req('GET', `/users/${u.name}/keys`);
    expect(pub.status).toBe(200);
    expect(pub.body.map((k: any) => k.fingerprint)).toEqual([KEYS.ed25519.fingerprint, KEYS.ecdsa384.fingerprint]);
    expect(pub.body[0].user).toBeUndefined();
    expect(pub.body[0].key_type).toBeUndefined();
    const byFp = await forge.req('GET', `/users/${u.name}/keys?fingerprint=${encodeURIComponent(KEYS.ecdsa384.fingerprint)}`);
    expect(byFp.body.map((k: any) => k.title)).toEqual(['ci']);

    const one = await forge.req('GET', `/user/keys/${add.body.id}`, { token: u.token });
    expect(one.status).toBe(200);
    expect(one.body.fingerprint).toBe(KEYS.ed25519.fingerprint);

    const other = await forge.user('keyother');
    // Another user's key reads as public, without its owner's fields (Gitea's GetPublicKey)…
    const seen = await forge.req('GET', `/user/keys/${add.body.id}`, { token: other.token });
    expect(seen.status).toBe(200);
    expect(seen.body.fingerprint).toBe(KEYS.ed25519.fingerprint);
    expect(seen.body.user).toBeUndefined();
    // …unless its owner is hidden from the caller.
    await forge.req('PATCH', '/user/settings', { token: u.token, body: { visibility: 'private' } });
    expect((await forge.req('GET', `/user/keys/${add.body.id}`, { token: other.token })).status).toBe(404);
    expect((await forge.req('GET', `/user/keys/${add.body.id}`, { token: forge.admin.token })).body.user.login).toBe(u.name);
    expect((await forge.req('DELETE', `/user/keys/${add.body.id}`, { token: other.token })).status).toBe(403);
    expect((await forge.req('DELETE', `/user/keys/${add.body.id}`, { token: u.token })).status).toBe(204);
    expect((await forge.req('DELETE', `/user/keys/${add.body.id}`, { token: u.token })).status).toBe(404);
    expect((await forge.req('GET', `/user/keys/${add.body.id}`, { token: u.token })).status).toBe(404);
    expect((await forge.req('GET', '/user/keys', { token: u.token })).body.map((k: any) => k.title)).toEqual(['ci']);
  });

  it('refuses duplicates, reused titles, invalid keys and missing fields with 422', async () => {
    const u = await forge.user('dupk');
    const v = await forge.user('dupk2');
    expect((await forge.req('POST', '/user/keys', { token: u.token, body: { title: 'a', key: KEYS.rsa3072.text } })).status).toBe(201);
    const again = await forge.req('POST', '/user/keys', { token: u.token, body: { title: 'b', key: KEYS.rsa3072.text } });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Key content has been used as non-deploy key');
    // The same key under another comment is the same key, and no other user may add it either.
    const other = await forge.req('POST', '/user/keys', { token: v.token, body: { title: 'a', key: KEYS.rsa3072.text.replace(/rsa3072$/, 'renamed') } });
    expect(other.status).toBe(422);
    const title = await forge.req('POST', '/user/keys', { token: u.token, body: { title: 'a', key: KEYS.ecdsa521.text } });
    expect(title.status).toBe(422);
    expect(title.body.message).toBe('Key title has been used');
    const invalid = await forge.req('POST', '/user/keys', { token: u.token, body: { title: 'c', key: 'ssh-ed25519 AAAAnotakey' } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.message).toMatch(/^Invalid key content/);
    const missing = await forge.req('POST', '/user/keys', { token: u.token, body: { key: KEYS.ecdsa521.text } });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toContain('title');
    expect((await forge.req('POST', '/user/keys', { body: { title: 'x', key: KEYS.ecdsa521.text } })).status).toBe(401);
  });
});

describe('settings', () => {
  it('reads and patches the settings, with the limits as 422 naming the field', async () => {
    const u = await forge.user('set');
    const get = await forge.req('GET', '/user/settings', { token: u.token });
    expect(get.status).toBe(200);
    expect(get.body).toEqual({
      full_name: '',
      website: '',
      description: '',
      location: '',
      language: '',
      theme: '',
      diff_view_style: '',
      hide_email: false,
      hide_activity: false,
      visibility: 'public',
    });
    const patch = await forge.req('PATCH', '/user/settings', {
      token: u.token,
      body: {
        full_name: 'Set Person',
        website: 'https://example.org',
        description: 'Writes code',
        location: 'Lyon',
        diff_view_style: 'split',
        hide_email: true,
      },
    });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({
      full_name: 'Set Person',
      website: 'https://example.org',
      location: 'Lyon',
      diff_view_style: 'split',
      hide_email: true,
      hide_activity: false,
    });
    // Fields not sent stay as they were.
    expect((await forge.req('PATCH', '/user/settings', { token: u.token, body: { location: 'Paris' } })).body).toMatchObject({
      full_name: 'Set Person',
      location: 'Paris',
    });
    const profile = await forge.req('GET', `/users/${u.name}`);
    expect(profile.body).toMatchObject({ full_name: 'Set Person', description: 'Writes code', website: 'https://example.org', location: 'Paris' });

    for (const [field, value] of [
      ['full_name', 'x'.repeat(101)],
      ['description', 'x'.repeat(256)],
      ['location', 'x'.repeat(51)],
      ['website', 'not a url'],
      ['website', `https://e.org/${'x'.repeat(250)}`],
    ] as const) {
      const r = await forge.req('PATCH', '/user/settings', { token: u.token, body: { [field]: value } });
      expect(r.status, field).toBe(422);
      expect(r.body.message).toMatch(new RegExp(`^${field}:`));
    }
    expect((await forge.req('PATCH', '/user/settings', { token: u.token, body: { location: 'x'.repeat(50) } })).status).toBe(200);
    expect((await forge.req('GET', '/user/settings')).status).toBe(401);
  });

  it('hides the email of a user who asks, except from the user and admins', async () => {
    const u = await forge.user('mail');
    const other = await forge.user('peer');
    expect((await forge.req('GET', `/users/${u.name}`)).body.email).toBe('');
    expect((await forge.req('GET', `/users/${u.name}`, { token: other.token })).body.email).toBe(`${u.name}@example.com`.toLowerCase());
    await forge.req('PATCH', '/user/settings', { token: u.token, body: { hide_email: true } });
    expect((await forge.req('GET', `/users/${u.name}`, { token: other.token })).body.email).toBe(`${u.name.toLowerCase()}@noreply.localhost`);
    expect((await forge.req('GET', '/user', { token: u.token })).body.email).toBe(`${u.name}@example.com`.toLowerCase());
    expect((await forge.req('GET', `/users/${u.name}`, { token: forge.admin.token })).body.email).toBe(`${u.name}@example.com`.toLowerCase());
  });
});

describe('who may see a user', () => {
  it('answers 404 for a private user to strangers and a limited one to anonymous visitors, and leaves them out of searches', async () => {
    const priv = await forge.user('privu');
    const lim = await forge.user('limu');
    const stranger = await forge.user('strng');
    await forge.req('PATCH', '/user/settings', { token: priv.token, body: { visibility: 'private' } });
    await forge.req('PATCH', '/user/settings', { token: lim.token, body: { visibility: 'limited' } });
    const notFound = await forge.req('GET', `/users/${priv.name}`, { token: stranger.token });
    expect(notFound.status).toBe(404);
    expect(notFound.body.message).toBe(`user redirect does not exist [name: ${priv.name}]`);
    expect((await forge.req('GET', `/users/${priv.name}`, { token: priv.token })).status).toBe(200);
    expect((await forge.req('GET', `/users/${priv.name}`, { token: forge.admin.token })).status).toBe(200);
    expect((await forge.req('GET', `/users/${lim.name}`)).status).toBe(404);
    expect((await forge.req('GET', `/users/${lim.name}`, { token: stranger.token })).body.visibility).toBe('limited');

    const search = async (q: string, token?: string) => (await forge.req('GET', `/users/search?q=${q}`, { token })).body;
    expect(await search(priv.name, stranger.token)).toEqual({ ok: true, data: [] });
    expect((await search(lim.name)).data).toEqual([]);
    expect((await search(lim.name, stranger.token)).data.map((x: any) => x.login)).toEqual([lim.name]);
    expect((await search(priv.name, forge.admin.token)).data.map((x: any) => x.login)).toEqual([priv.name]);
    expect((await forge.req('GET', `/users/${priv.name}/heatmap`)).status).toBe(404);
    expect((await forge.req('GET', `/users/${priv.name}/keys`)).status).toBe(404);
    expect((await forge.req('GET', `/users/${priv.name}/starred`)).status).toBe(404);
  });
});

describe('avatar', () => {
  it('uploads an avatar that avatar_url then serves, and deletes it back to the generated one', async () => {
    const u = await forge.user('ava');
    const before = (await forge.req('GET', `/users/${u.name}`)).body.avatar_url;
    expect(before).toBe(`http://localhost:3000/avatars/${u.name}`);
    expect((await forge.req('POST', '/user/avatar', { token: u.token, body: { image: PNG.toString('base64') } })).status).toBe(204);
    const url: string = (await forge.req('GET', `/users/${u.name}`)).body.avatar_url;
    expect(url).toMatch(/^http:\/\/localhost:3000\/avatars\/[0-9a-f]{64}$/);
    const served = await forge.app.request(new URL(url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await forge.req('DELETE', '/user/avatar', { token: u.token })).status).toBe(204);
    expect((await forge.req('GET', `/users/${u.name}`)).body.avatar_url).toBe(before);
    expect((await forge.app.request(new URL(url).pathname)).status).toBe(404);
    // The generated avatar still answers for the name.
    expect((await forge.app.request(`/avatars/${u.name}`)).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('refuses what is not an image (422), bad base64 (400), too large (422), and anonymous callers (401)', async () => {
    const u = await forge.user('avb');
    expect((await forge.req('POST', '/user/avatar', { token: u.token, body: { image: Buffer.from('<svg/>').toString('base64') } })).status).toBe(422);
    expect((await forge.req('POST', '/user/avatar', { token: u.token, body: { image: '***' } })).status).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    expect((await forge.req('POST', '/user/avatar', { token: u.token, body: { image: big.toString('base64') } })).status).toBe(422);
    expect((await forge.req('POST', '/user/avatar', { body: { image: PNG.toString('base64') } })).status).toBe(401);
    expect((await forge.req('DELETE', '/user/avatar')).status).toBe(401);
    expect((await forge.req('GET', `/users/${u.name}`)).body.avatar_url).toBe(`http://localhost:3000/avatars/${u.name}`);
  });
});

describe('access tokens', () => {
  it('lists tokens without secrets and deletes by id or name, only under Basic auth as the user or an admin', async () => {
    const u = await forge.user('tok');
    const basic: [string, string] = [u.name, u.password];
    const made = await forge.req('POST', `/users/${u.name}/tokens`, { basic, body: { name: 'deploy', scopes: ['read:repository'] } });
    expect(made.status).toBe(201);
    const list = await forge.req('GET', `/users/${u.name}/tokens`, { basic });
    expect(list.status).toBe(200);
    expect(list.body.map((t: any) => t.name).sort()).toEqual(['deploy', 'test']);
    const deploy = list.body.find((t: any) => t.name === 'deploy');
    expect(deploy).toMatchObject({ id: made.body.id, sha1: '', token_last_eight: made.body.sha1.slice(-8), scopes: ['read:repository'] });
    expect(list.text).not.toContain(made.body.sha1);
    expect(list.headers.get('x-total-count')).toBe('2');

    expect((await forge.req('GET', `/users/${u.name}/tokens`, { token: u.token })).status).toBe(403);
    expect((await forge.req('GET', `/users/${u.name}/tokens`)).status).toBe(401);
    const other = await forge.user('tokother');
    expect((await forge.req('GET', `/users/${u.name}/tokens`, { basic: [other.name, other.password] })).status).toBe(403);
    expect((await forge.req('GET', '/users/no-such-user/tokens', { basic })).status).toBe(404);
    expect((await forge.req('DELETE', `/users/${u.name}/tokens/deploy`, { token: u.token })).status).toBe(403);

    expect((await forge.req('DELETE', `/users/${u.name}/tokens/deploy`, { basic })).status).toBe(204);
    expect((await forge.req('GET', '/user', { token: made.body.sha1 })).status).toBe(401);
    const test = list.body.find((t: any) => t.name === 'test');
    expect((await forge.req('DELETE', `/users/${u.name}/tokens/${test.id}`, { basic })).status).toBe(204);
    expect((await forge.req('DELETE', `/users/${u.name}/tokens/${test.id}`, { basic })).status).toBe(404);
    expect((await forge.req('GET', `/users/${u.name}/tokens`, { basic })).body).toEqual([]);
  });
});

describe('heatmap', () => {
  it('counts the actions a user performed in 15-minute slots over the last year, in repositories the viewer may read', async () => {
    const u = await forge.user('heat');
    const pub = await forge.req('POST', '/user/repos', { token: u.token, body: { name: 'hot' } });
    const priv = await forge.req('POST', '/user/repos', { token: u.token, body: { name: 'cold', private: true } });
    const { db } = forge.deps;
    const slot = Math.floor(nowUnix() / 900) * 900 - 900 * 10;
    const row = (repo_id: number, created_unix: number, act_user_id = u.id) => ({
      user_id: u.id,
      op_type: 'commit_repo',
      act_user_id,
      repo_id,
      comment_id: 0,
      ref_name: '',
      is_private: 0,
      content: '',
      created_unix,
    });
    await db
      .insertInto('action')
      .values([
        row(pub.body.id, slot + 1),
        row(pub.body.id, slot + 899),
        row(pub.body.id, slot + 900),
        row(priv.body.id, slot + 5),
        row(pub.body.id, nowUnix() - 400 * 86400), // more than a year ago
        row(pub.body.id, slot + 2, 999999), // someone else's action in the user's feed
      ])
      .execute();
    // Real actions too: creating both repositories (above) and opening an issue now.
    expect((await forge.req('POST', `/repos/${u.name}/hot/issues`, { token: u.token, body: { title: 'warm' } })).status).toBe(201);
    const recent = (body: { timestamp: number; contributions: number }[]) => {
      const now = body.filter((p) => p.timestamp > slot + 900);
      for (const p of now) expect(p.timestamp % 900).toBe(0);
      return now.reduce((n, p) => n + p.contributions, 0);
    };

    const anon = await forge.req('GET', `/users/${u.name}/heatmap`);
    expect(anon.status).toBe(200);
    expect(anon.body.slice(0, 2)).toEqual([
      { timestamp: slot, contributions: 2 },
      { timestamp: slot + 900, contributions: 1 },
    ]);
    // create_repo of the public one and create_issue; the private repository's creation is not shown.
    expect(recent(anon.body)).toBe(2);
    const self = await forge.req('GET', `/users/${u.name}/heatmap`, { token: u.token });
    expect(self.body[0]).toEqual({ timestamp: slot, contributions: 3 });
    expect(recent(self.body)).toBe(3);

    // hide_activity empties it for everyone but the user and admins.
    await forge.req('PATCH', '/user/settings', { token: u.token, body: { hide_activity: true } });
    expect((await forge.req('GET', `/users/${u.name}/heatmap`)).body).toEqual([]);
    expect((await forge.req('GET', `/users/${u.name}/heatmap`, { token: u.token })).body).toEqual(self.body);
    expect((await forge.req('GET', `/users/${u.name}/heatmap`, { token: forge.admin.token })).body).toEqual(self.body);
    expect((await forge.req('GET', '/users/nobody-at-all/heatmap')).status).toBe(404);
  });

  it("counts everyone's actions in an organization's repositories on the organization's heatmap", async () => {
    const o = await forge.user('heatorg');
    const member = await forge.user('heatmember');
    const r = await forge.req('POST', '/user/repos', { token: o.token, body: { name: 'orgrepo' } });
    const { db } = forge.deps;
    // Made an organization in the database: the org API is another area's.
    await db.updateTable('user').set({ type: 1 }).where('id', '=', o.id).execute();
    const slot = Math.floor(nowUnix() / 900) * 900 - 900 * 20;
    await db
      .insertInto('action')
      .values(
        [member.id, member.id].map((act_user_id, i) => ({
          user_id: o.id,
          op_type: 'create_issue',
          act_user_id,
          repo_id: r.body.id,
          comment_id: 0,
          ref_name: '',
          is_private: 0,
          content: '',
          created_unix: slot + i,
        })),
      )
      .execute();
    const heat = await forge.req('GET', `/users/${o.name}/heatmap`);
    expect(heat.body[0]).toEqual({ timestamp: slot, contributions: 2 });
    // The member's own heatmap has none of them: those rows are the organization's feed.
    expect((await forge.req('GET', `/users/${member.name}/heatmap`)).body).toEqual([]);
  });
});
