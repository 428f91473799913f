// A user's own account (issue #20): e-mail addresses in Gitea's shapes, and the extensions for
// Gitea's web forms: changing the password (other web sessions end, the current one stays),
// deleting one's account (Gitea's refusals), and signing up when the forge allows it.
import { describe, expect, it } from 'vitest';
import { appCaller, createTestForge, uniq } from './helpers.ts';

const forge = await createTestForge();
const { db, config } = forge.deps;
const ORIGIN = 'http://localhost:3000';

interface Call {
  cookie?: string;
  csrf?: string;
  token?: string;
  body?: unknown;
  origin?: string;
}

async function call(method: string, url: string, opts: Call = {}) {
  const headers: Record<string, string> = { Origin: opts.origin ?? ORIGIN };
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.csrf) headers['X-Csrf-Token'] = opts.csrf;
  if (opts.token) headers.Authorization = `token ${opts.token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await forge.app.request(`/api/v1${url}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

async function signIn(name: string, password: string) {
  const res = await call('POST', '/user/sessions', { body: { username: name, password } });
  expect(res.status).toBe(201);
  return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, csrf: res.body.csrf_token as string };
}

describe('e-mail addresses (Gitea /user/emails)', () => {
  it('anonymous callers get 401 on every e-mail route', async () => {
    expect((await call('GET', '/user/emails')).status).toBe(401);
    expect((await call('POST', '/user/emails', { body: { emails: ['a@example.com'] } })).status).toBe(401);
    expect((await call('DELETE', '/user/emails', { body: { emails: ['a@example.com'] } })).status).toBe(401);
    expect((await call('POST', '/user/emails', { body: { emails: 'not a list' } })).status).toBe(401);
  });

  it('lists the primary address, adds others (201 with the added ones) and deletes them (204)', async () => {
    const u = await forge.user('mail');
    const list = await call('GET', '/user/emails', { token: u.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ email: `${u.name}@example.com`.toLowerCase(), verified: true, primary: true, user_id: u.id, username: u.name }]);

    const extra = [`${uniq('x')}@example.org`, `${uniq('y')}@example.net`];
    const added = await call('POST', '/user/emails', { token: u.token, body: { emails: extra } });
    expect(added.status).toBe(201);
    expect(added.body).toEqual(extra.map((email) => ({ email, verified: true, primary: false, user_id: u.id, username: u.name })));
    expect((await call('GET', '/user/emails', { token: u.token })).body.map((e: { email: string }) => e.email)).toEqual([
      `${u.name}@example.com`.toLowerCase(),
      ...extra,
    ]);

    const removed = await call('DELETE', '/user/emails', { token: u.token, body: { emails: [extra[0]!.toUpperCase()] } });
    expect(removed.status).toBe(204);
    expect((await call('GET', '/user/emails', { token: u.token })).body.map((e: { email: string }) => e.email)).toEqual([
      `${u.name}@example.com`.toLowerCase(),
      extra[1],
    ]);
    // Gitea: an empty list deletes nothing, 204.
    expect((await call('DELETE', '/user/emails', { token: u.token, body: { emails: [] } })).status).toBe(204);
  });

  it('refuses the primary address, others’ addresses and invalid ones, storing nothing', async () => {
    const u = await forge.user('mail');
    const other = await forge.user('mail');
    const primary = `${u.name}@example.com`.toLowerCase();
    const del = await call('DELETE', '/user/emails', { token: u.token, body: { emails: [primary] } });
    expect(del.status).toBe(422);
    expect(del.body.message).toMatch(/Primary email address cannot be deleted/);

    const taken = await call('POST', '/user/emails', { token: u.token, body: { emails: [`${other.name}@EXAMPLE.com`] } });
    expect(taken.status).toBe(422);
    expect(taken.body.message).toBe(`Email address has been used: ${other.name}@EXAMPLE.com`);
    const own = await call('POST', '/user/emails', { token: u.token, body: { emails: [primary] } });
    expect(own.status).toBe(422);

    const fresh = `${uniq('f')}@example.org`;
    const invalid = await call('POST', '/user/emails', { token: u.token, body: { emails: [fresh, 'not-an-address'] } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.message).toBe('Email address "not-an-address" invalid');
    const twice = await call('POST', '/user/emails', { token: u.token, body: { emails: [fresh, fresh] } });
    expect(twice.status).toBe(422);
    expect((await call('POST', '/user/emails', { token: u.token, body: { emails: [] } })).status).toBe(422);
    expect((await call('GET', '/user/emails', { token: u.token })).body).toHaveLength(1);

    // Another user's further address is theirs alone: neither addable nor deletable by someone else.
    expect((await call('POST', '/user/emails', { token: other.token, body: { emails: [fresh] } })).status).toBe(201);
    expect((await call('POST', '/user/emails', { token: u.token, body: { emails: [fresh] } })).status).toBe(422);
    const notMine = await call('DELETE', '/user/emails', { token: u.token, body: { emails: [fresh] } });
    expect(notMine.status).toBe(404);
    expect((await call('GET', '/user/emails', { token: other.token })).body).toHaveLength(2);
    // An address someone holds as a further one cannot be a new account's either.
    const admin = await call('POST', '/admin/users', { token: forge.admin.token, body: { username: uniq('n'), email: fresh, password: 'long-enough-1' } });
    expect(admin.status).toBe(422);
  });
});

describe('changing the password (POST /user/password)', () => {
  it('needs a signed-in caller and the current password, beside its field', async () => {
    expect((await call('POST', '/user/password', { body: { old_password: 'x', new_password: 'y' } })).status).toBe(401);
    expect((await call('POST', '/user/password', { body: {} })).status).toBe(401);
    const u = await forge.user('pw');
    const wrong = await call('POST', '/user/password', { token: u.token, body: { old_password: 'not-it', new_password: 'a-new-password' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('old_password: the current password is incorrect');
    const short = await call('POST', '/user/password', { token: u.token, body: { old_password: u.password, new_password: 'short' } });
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('new_password: must be at least 8 characters');
    // Nothing changed: the old password still signs in.
    await signIn(u.name, u.password);
  });

  it('then refuses the old password, accepts the new one, ends the other sessions and keeps this one', async () => {
    const u = await forge.user('pw');
    const here = await signIn(u.name, u.password);
    const elsewhere = await signIn(u.name, u.password);
    const changed = await call('POST', '/user/password', {
      cookie: here.cookie,
      csrf: here.csrf,
      body: { old_password: u.password, new_password: 'the-new-password' },
    });
    expect(changed.status).toBe(204);
    expect((await call('GET', '/user', { cookie: here.cookie })).status).toBe(200);
    expect((await call('GET', '/user', { cookie: elsewhere.cookie })).status).toBe(401);
    expect((await call('POST', '/user/sessions', { body: { username: u.name, password: u.password } })).status).toBe(401);
    await signIn(u.name, 'the-new-password');
    // Access tokens are for API clients and stay valid, as on Gitea.
    expect((await call('GET', '/user', { token: u.token })).status).toBe(200);
  });
});

describe('deleting one’s account (DELETE /user)', () => {
  it('needs a signed-in caller and the password', async () => {
    expect((await call('DELETE', '/user', { body: { password: 'x' } })).status).toBe(401);
    const u = await forge.user('del');
    const wrong = await call('DELETE', '/user', { token: u.token, body: { password: 'not-it' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('password: the password is incorrect');
    expect((await call('GET', '/user', { token: u.token })).status).toBe(200);
  });

  it('is refused while the user owns repositories or belongs to an organization, as Gitea', async () => {
    const u = await forge.user('del');
    const repo = await call('POST', '/user/repos', { token: u.token, body: { name: uniq('r') } });
    expect(repo.status).toBe(201);
    const owns = await call('DELETE', '/user', { token: u.token, body: { password: u.password } });
    expect(owns.status).toBe(422);
    expect(owns.body.message).toBe('Your account owns one or more repositories: delete or transfer them first.');
    expect((await call('DELETE', `/repos/${u.name}/${repo.body.name}`, { token: u.token })).status).toBe(204);

    const org = await call('POST', '/orgs', { token: u.token, body: { username: uniq('org') } });
    expect(org.status).toBe(201);
    const member = await call('DELETE', '/user', { token: u.token, body: { password: u.password } });
    expect(member.status).toBe(422);
    expect(member.body.message).toBe('Your account is a member of one or more organizations: leave them first.');
    expect((await call('DELETE', `/orgs/${org.body.username}`, { token: u.token })).status).toBe(204);

    expect((await call('DELETE', '/user', { token: u.token, body: { password: u.password } })).status).toBe(204);
    expect((await call('GET', `/users/${u.name}`)).status).toBe(404);
  });

  it('refuses the last site administrator', async () => {
    const res = await call('DELETE', '/user', { token: forge.admin.token, body: { password: forge.admin.password } });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/last site administrator/);
  });

  it('removes the account, its sessions, tokens and follows, and signs the caller out', async () => {
    const u = await forge.user('del');
    const fan = await forge.user('fan');
    expect((await call('PUT', `/user/following/${fan.name}`, { token: u.token })).status).toBe(204);
    expect((await call('PUT', `/user/following/${u.name}`, { token: fan.token })).status).toBe(204);
    await call('POST', '/user/emails', { token: u.token, body: { emails: [`${uniq('gone')}@example.org`] } });
    const s = await signIn(u.name, u.password);
    const res = await call('DELETE', '/user', { cookie: s.cookie, csrf: s.csrf, body: { password: u.password } });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/^forge_session=; .*Max-Age=0/);
    expect((await call('GET', '/user', { cookie: s.cookie })).status).toBe(401);
    expect((await call('GET', '/user', { token: u.token })).status).toBe(401);
    const left = await call('GET', `/users/${fan.name}`);
    expect([left.body.followers_count, left.body.following_count]).toEqual([0, 0]);
    for (const table of ['web_session', 'access_token'] as const)
      expect(await db.selectFrom(table).select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    expect(await db.selectFrom('email_address').select('id').where('uid', '=', u.id).execute()).toEqual([]);
  });
});

describe('sign-up (POST /user/signup)', () => {
  const body = () => {
    const name = uniq('new');
    return { username: name, email: `${name}@example.com`, password: 'a-good-password' };
  };

  it('is closed by default, as DISABLE_REGISTRATION on a new Gitea: 403 before the body is judged', async () => {
    expect(config.disableRegistration).toBe(true);
    expect((await call('GET', '/user/signup')).body).toEqual({ enabled: false });
    const b = body();
    const res = await call('POST', '/user/signup', { body: b });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('registration is disabled on this forge');
    expect((await call('POST', '/user/signup', { body: { username: 1 } })).status).toBe(403);
    expect((await call('GET', `/users/${b.username}`)).status).toBe(404);
  });

  it('when open, creates the user with the admin rules and signs them in', async () => {
    config.disableRegistration = false;
    try {
      expect((await call('GET', '/user/signup')).body).toEqual({ enabled: true });
      const b = body();
      const res = await call('POST', '/user/signup', { body: b });
      expect(res.status).toBe(201);
      expect(res.body.user.login).toBe(b.username);
      const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
      expect(cookie).toMatch(/^forge_session=.+/);
      const me = await call('GET', '/user', { cookie });
      expect(me.status).toBe(200);
      expect(me.body.is_admin).toBe(false);
      await signIn(b.username, b.password);

      const again = await call('POST', '/user/signup', { body: { ...b, email: `${uniq('o')}@example.com` } });
      expect(again.status).toBe(422);
      expect(again.body.message).toBe(`user already exists [name: ${b.username}]`);
      const sameMail = await call('POST', '/user/signup', { body: { ...body(), email: b.email } });
      expect(sameMail.status).toBe(422);
      expect((await call('POST', '/user/signup', { body: { ...body(), username: 'admin' } })).body.message).toMatch(/reserved/);
      expect((await call('POST', '/user/signup', { body: { ...body(), email: 'nope' } })).status).toBe(422);
      expect((await call('POST', '/user/signup', { body: { ...body(), password: 'short' } })).body.message).toBe('password: must be at least 8 characters');
      expect((await call('POST', '/user/signup', { body: { username: 'x' } })).status).toBe(422);
      // From another site: refused, so no one is signed in to an account of the attacker's.
      expect((await call('POST', '/user/signup', { body: body(), origin: 'https://evil.example' })).status).toBe(403);
    } finally {
      config.disableRegistration = true;
    }
  });
});

describe('Settings → Sessions addresses (issue #23)', () => {
  it('shows an IPv4-mapped IPv6 peer as plain IPv4', async () => {
    const u = await forge.user('ip');
    const call = appCaller(forge.app);
    const res = await call('POST', '/user/sessions', {
      address: '::ffff:127.0.0.1',
      headers: { Origin: ORIGIN },
      body: { username: u.name, password: u.password },
    });
    expect(res.status).toBe(201);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const list = await call('GET', '/user/sessions', { headers: { Cookie: cookie } });
    expect(list.body.map((s: { ip: string }) => s.ip)).toEqual(['127.0.0.1']);
    const row = await db.selectFrom('web_session').select('ip').where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.ip).toBe('127.0.0.1');
  });
});
