// Pinned issues and pull requests (Gitea 1.23's pin routes, models/issues/issue_pin.go): admins
// pin up to three of each, in order; unpinning closes the gap, moving shifts the others; readers
// list them; pins show in the issue's timeline and its pin_order.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, type TestForge } from './helpers.ts';
import { ownerWithRepo, archive } from './issues-helpers.ts';

describe('pinned issues', () => {
  let forge: TestForge;
  beforeAll(async () => {
    forge = await createTestForge({ database: 'sqlite' });
  });

  it('pins in order up to three, lists them, moves and unpins, and tells the timeline', async () => {
    const { owner, base, repo } = await ownerWithRepo(forge);
    const reader = await forge.user('pinreader');
    const numbers: number[] = [];
    for (let i = 1; i <= 4; i++) numbers.push((await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: `Issue ${i}` } })).body.number);
    const pinned = async () =>
      (await forge.req('GET', `${base}/issues/pinned`, { token: reader.token })).body.map((i: { number: number; pin_order: number }) => [
        i.number,
        i.pin_order,
      ]);
    expect(await pinned()).toEqual([]);
    expect((await forge.req('GET', `${base}/new_pin_allowed`, { token: reader.token })).body).toEqual({ issues: true, pull_requests: true });

    // Only repository admins (Gitea's reqAdmin); anonymous 401.
    expect((await forge.req('POST', `${base}/issues/${numbers[0]}/pin`, { token: reader.token })).status).toBe(403);
    expect((await forge.req('POST', `${base}/issues/${numbers[0]}/pin`)).status).toBe(401);
    for (const n of numbers.slice(0, 3)) expect((await forge.req('POST', `${base}/issues/${n}/pin`, { token: owner.token })).status).toBe(204);
    // Pinning again changes nothing; a fourth is refused while three are pinned.
    expect((await forge.req('POST', `${base}/issues/${numbers[0]}/pin`, { token: owner.token })).status).toBe(204);
    const full = await forge.req('POST', `${base}/issues/${numbers[3]}/pin`, { token: owner.token });
    expect([full.status, full.body.message]).toEqual([422, 'the maximum of 3 pinned issues has been reached']);
    expect(await pinned()).toEqual([
      [numbers[0], 1],
      [numbers[1], 2],
      [numbers[2], 3],
    ]);
    expect((await forge.req('GET', `${base}/new_pin_allowed`, { token: reader.token })).body).toEqual({ issues: false, pull_requests: true });
    expect((await forge.req('GET', `${base}/issues/${numbers[1]}`, { token: reader.token })).body.pin_order).toBe(2);

    // Move the last first, then the first (now second) past the end: it becomes last.
    expect((await forge.req('PATCH', `${base}/issues/${numbers[2]}/pin/1`, { token: owner.token })).status).toBe(204);
    expect((await pinned()).map(([n]: number[]) => n)).toEqual([numbers[2], numbers[0], numbers[1]]);
    expect((await forge.req('PATCH', `${base}/issues/${numbers[0]}/pin/99`, { token: owner.token })).status).toBe(204);
    expect(await pinned()).toEqual([
      [numbers[2], 1],
      [numbers[1], 2],
      [numbers[0], 3],
    ]);
    expect((await forge.req('PATCH', `${base}/issues/${numbers[0]}/pin/0`, { token: owner.token })).status).toBe(422);

    // Unpinning the first closes the gap.
    expect((await forge.req('DELETE', `${base}/issues/${numbers[2]}/pin`, { token: owner.token })).status).toBe(204);
    expect(await pinned()).toEqual([
      [numbers[1], 1],
      [numbers[0], 2],
    ]);
    const timeline = (await forge.req('GET', `${base}/issues/${numbers[2]}/timeline`, { token: reader.token })).body.map((e: { type: string }) => e.type);
    expect(timeline).toEqual(['pin', 'unpin']);

    // /issues/pinned is not issue "pinned"; an archived repository takes no pins.
    await archive(forge, repo.id);
    expect((await forge.req('DELETE', `${base}/issues/${numbers[1]}/pin`, { token: owner.token })).status).toBe(423);
  });

  it('pins pull requests apart from issues', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const issue = (await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'An issue' } })).body;
    expect((await forge.req('POST', `${base}/issues/${issue.number}/pin`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('GET', `${base}/pulls/pinned`, { token: owner.token })).body).toEqual([]);
    expect((await forge.req('GET', `${base}/issues/pinned`, { token: owner.token })).body.map((i: { number: number }) => i.number)).toEqual([issue.number]);
  });
});
