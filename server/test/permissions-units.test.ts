// A unit the repository turned off (has_issues, has_pull_requests) is missing for everyone, as in
// Gitea: its routes answer 404, even to the owner, while the rest of the repository is untouched.
import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { ownerWithRepo } from './issues-helpers.ts';

const forge = await createTestForge();

describe('disabled units', () => {
  it('turning issues off hides the issues of the repository from everyone; turning them on again brings them back', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const reader = await forge.user('reader');
    expect((await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'kept' } })).status).toBe(201);
    expect((await forge.req('PATCH', base, { token: owner.token, body: { has_issues: false } })).status).toBe(200);

    for (const token of [owner.token, reader.token, undefined]) {
      expect((await forge.req('GET', `${base}/issues/1`, { token })).status).toBe(404);
    }
    expect((await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'refused' } })).status).toBe(404);
    expect((await forge.req('POST', `${base}/issues/1/comments`, { token: reader.token, body: { body: 'hi' } })).status).toBe(404);
    // The repository itself and its settings are still there for the owner.
    const repo = await forge.req('GET', base, { token: owner.token });
    expect(repo.status).toBe(200);
    expect(repo.body.permissions).toEqual({ admin: true, push: true, pull: true });

    expect((await forge.req('PATCH', base, { token: owner.token, body: { has_issues: true } })).status).toBe(200);
    const back = await forge.req('GET', `${base}/issues/1`, { token: reader.token });
    expect([back.status, back.body.title]).toEqual([200, 'kept']);
  });
});
