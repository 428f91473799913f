// Issue #23 (found by the reliability suite's fuzzing): a PATCH of an issue that is refused for one
// field (a bad date, an unknown assignee or milestone) changes nothing, as Gitea binds and judges
// the whole body before it writes.
import { expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { ownerWithRepo } from './issues-helpers.ts';

const forge = await createTestForge();
const { owner, base } = await ownerWithRepo(forge);

it.each([
  ['a date that is not one', { due_date: 'main' }, 'due_date: invalid date "main"'],
  ['an unknown assignee', { assignees: ['nobody-at-all'] }, 'assignees: user does not exist [name: nobody-at-all]'],
  ['an unknown milestone', { milestone: 4242 }, undefined],
])('%s: 422 and the title, body and ref stay', async (_what, bad, message) => {
  const created = await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'Before', body: 'before' } });
  expect(created.status).toBe(201);
  const url = `${base}/issues/${created.body.number}`;
  const res = await forge.req('PATCH', url, { token: owner.token, body: { title: 'After', body: 'after', ref: 'refs/heads/x', ...bad } });
  expect(res.status).toBe(422);
  if (message) expect(res.body.message).toBe(message);
  const now = await forge.req('GET', url, { token: owner.token });
  expect([now.body.title, now.body.body, now.body.ref]).toEqual(['Before', 'before', '']);
  const timeline = await forge.req('GET', `${url}/timeline`, { token: owner.token });
  expect(timeline.body.filter((e: { type: string }) => e.type === 'change_title')).toEqual([]);
});
