// GET /repos/search?uid=: what the user owns plus what they reach through collaborations, teams and
// organizations, as Gitea's SearchRepositoryCondition (OwnerID with Collaborate); exclusive=true
// keeps the owned ones, mode=collaborative only the others.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';

const forge = await createTestForge();
type U = Awaited<ReturnType<typeof forge.user>>;
let owner: U;
let dana: U;
let stranger: U;
const org = uniq('reachorg');
const n = {
  own: uniq('own'),
  collab: uniq('collab'),
  teamRepo: uniq('teamrepo'),
  orgPublic: uniq('orgpub'),
  orgSecret: uniq('orgsecret'),
  elsewhere: uniq('else'),
};

async function ok(method: string, url: string, token: string, body?: unknown, status = 201) {
  const r = await forge.req(method, url, { token, body });
  expect(r.status, `${method} ${url}: ${r.text}`).toBe(status);
  return r.body;
}

beforeAll(async () => {
  owner = await forge.user('owner');
  dana = await forge.user('dana');
  stranger = await forge.user('stranger');
  await ok('POST', '/user/repos', dana.token, { name: n.own });
  await ok('POST', '/user/repos', owner.token, { name: n.collab, private: true });
  await ok('PUT', `/repos/${owner.name}/${n.collab}/collaborators/${dana.name}`, owner.token, { permission: 'read' }, 204);
  await ok('POST', '/user/repos', owner.token, { name: n.elsewhere, private: true });
  await ok('POST', '/orgs', owner.token, { username: org });
  await ok('POST', `/orgs/${org}/repos`, owner.token, { name: n.teamRepo, private: true });
  await ok('POST', `/orgs/${org}/repos`, owner.token, { name: n.orgPublic });
  await ok('POST', `/orgs/${org}/repos`, owner.token, { name: n.orgSecret, private: true });
  const team = await ok('POST', `/orgs/${org}/teams`, owner.token, { name: 'readers', permission: 'read', units: ['repo.code', 'repo.issues'] });
  await ok('PUT', `/teams/${team.id}/members/${dana.name}`, owner.token, undefined, 204);
  await ok('PUT', `/teams/${team.id}/repos/${org}/${n.teamRepo}`, owner.token, undefined, 204);
});

const names = async (query: string, token?: string) => {
  const r = await forge.req('GET', `/repos/search?${query}&limit=50`, { token });
  expect(r.status).toBe(200);
  return (r.body.data as { name: string }[]).map((x) => x.name).sort();
};

describe('GET /repos/search?uid=', () => {
  it("lists the user's own repositories and those reached through a collaboration, a team and the organization", async () => {
    expect(await names(`uid=${dana.id}`, dana.token)).toEqual([n.collab, n.orgPublic, n.own, n.teamRepo].sort());
  });

  it('exclusive=true keeps the owned ones; mode=collaborative the others', async () => {
    expect(await names(`uid=${dana.id}&exclusive=true`, dana.token)).toEqual([n.own]);
    expect(await names(`uid=${dana.id}&mode=collaborative`, dana.token)).toEqual([n.collab, n.orgPublic, n.teamRepo].sort());
  });

  it("still shows another caller only what they may read themselves, and leaves out a private member's organization for private=false", async () => {
    // The stranger sees dana's own repository and the organization's public one (dana is a private member, Gitea's default).
    expect(await names(`uid=${dana.id}`, stranger.token)).toEqual([n.orgPublic, n.own].sort());
    expect(await names(`uid=${dana.id}&private=false`, dana.token)).toEqual([n.own]);
    expect(await names(`uid=${dana.id}`)).toEqual([n.own]);
  });
});
