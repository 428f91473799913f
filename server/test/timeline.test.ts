import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { ownerWithRepo } from './issues-helpers.ts';

const forge = await createTestForge();

describe('timeline, mentions and references', () => {
  it('lists comments and events in order with the spec and Gitea type names', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const label = (await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'bug', color: 'ff0000' } })).body;
    const ms = (await forge.req('POST', `${base}/milestones`, { token: owner.token, body: { title: 'v1' } })).body;
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'T' } });
    await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: 'hello' } });
    await forge.req('POST', `${base}/issues/1/labels`, { token: owner.token, body: { labels: [label.id] } });
    await forge.req('DELETE', `${base}/issues/1/labels/${label.id}`, { token: owner.token });
    await forge.req('PATCH', `${base}/issues/1`, { token: owner.token, body: { state: 'closed' } });
    await forge.req('PATCH', `${base}/issues/1`, { token: owner.token, body: { state: 'open' } });
    await forge.req('PATCH', `${base}/issues/1`, {
      token: owner.token,
      body: { assignees: [owner.name], milestone: ms.id, title: 'T2', due_date: '2030-01-01T00:00:00Z' },
    });
    await forge.req('PATCH', `${base}/issues/1`, { token: owner.token, body: { due_date: '2030-01-05T00:00:00Z' } });
    await forge.req('PATCH', `${base}/issues/1`, { token: owner.token, body: { unset_due_date: true } });

    const tl = await forge.req('GET', `${base}/issues/1/timeline`);
    expect(tl.status).toBe(200);
    const items = tl.body;
    expect(items.map((t: any) => t.type)).toEqual([
      'comment',
      'label',
      'label',
      'state_change',
      'state_change',
      'change_title',
      'added_deadline',
      'assignees',
      'milestone',
      'modified_deadline',
      'removed_deadline',
    ]);
    expect(items[0]).toMatchObject({ body: 'hello' });
    expect(items[0].html_url).toContain('#issuecomment-');
    expect(items[1]).toMatchObject({ body: '1', label: { name: 'bug', color: 'ff0000' } });
    expect(items[2]).toMatchObject({ body: '', label: { name: 'bug' } });
    expect(items[3].body).toBe('closed');
    expect(items[4].body).toBe('open');
    expect(items[5]).toMatchObject({ old_title: 'T', new_title: 'T2' });
    expect(items[6].body).toBe('2030-01-01');
    expect(items[7]).toMatchObject({ assignee: { login: owner.name }, removed_assignee: false });
    expect(items[8].milestone).toMatchObject({ title: 'v1' });
    expect(items[9].body).toBe('2030-01-05|2030-01-01');
    expect(items.every((t: any) => t.user.login === owner.name)).toBe(true);

    const p2 = await forge.req('GET', `${base}/issues/1/timeline?limit=4&page=2`);
    expect(p2.body.map((t: any) => t.id)).toEqual(items.slice(4, 8).map((t: any) => t.id));
    expect(p2.headers.get('x-total-count')).toBe(String(items.length));
    expect((await forge.req('GET', `${base}/issues/1/timeline?since=2999-01-01T00:00:00Z`)).body).toEqual([]);
  });

  it('records @mentions outside code and e-mail addresses', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const alice = await forge.user('alice');
    const bob = await forge.user('bob');
    const carol = await forge.user('carol');
    await forge.req('POST', `${base}/issues`, {
      token: owner.token,
      body: { title: 'm', body: `hey @${alice.name}, see \`@${bob.name}\`\n\n\`\`\`\n@${carol.name}\n\`\`\`\nmail x${carol.name}@example.com` },
    });
    const by = async (u: string) => (await forge.req('GET', `${base}/issues?mentioned_by=${u}`)).body.length;
    expect(await by(alice.name)).toBe(1);
    expect(await by(bob.name)).toBe(0);
    expect(await by(carol.name)).toBe(0);
    // Mentions in comments count too.
    await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: `@${bob.name} look` } });
    expect(await by(bob.name)).toBe(1);
  });

  it('adds one reference event per source to the referenced issue, and hides those from unreadable repositories', async () => {
    const { owner, repo, base } = await ownerWithRepo(forge);
    const secret = await ownerWithRepo(forge, { private: true });
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'target' } });
    const src = await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'source', body: 'relates to #1 and #1 again' } });
    const c = await forge.req('POST', `${base}/issues/${src.body.number}/comments`, { token: owner.token, body: { body: 'also #1, not `#1`' } });
    await forge.req('PATCH', `${base}/issues/comments/${c.body.id}`, { token: owner.token, body: { body: 'still #1' } });
    // From a private repository the reader cannot see.
    await forge.req('POST', `${secret.base}/issues`, { token: secret.owner.token, body: { title: 'hidden', body: `see ${owner.name}/${repo.name}#1` } });

    const anon = (await forge.req('GET', `${base}/issues/1/timeline`)).body;
    expect(anon.map((t: any) => t.type)).toEqual(['issue_ref', 'comment_ref']);
    expect(anon[0].ref_issue).toMatchObject({ number: src.body.number, title: 'source' });
    expect(anon[1].ref_comment).toMatchObject({ id: c.body.id });
    // The private repository's reference is shown only to those who can read that repository.
    const forSecretOwner = (await forge.req('GET', `${base}/issues/1/timeline`, { token: secret.owner.token })).body;
    expect(forSecretOwner.map((t: any) => t.type)).toEqual(['issue_ref', 'comment_ref', 'issue_ref']);
  });
});
