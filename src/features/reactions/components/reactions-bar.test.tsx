import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import { ReactionsBar, groupReactions } from './reactions-bar';

setupMswServer();

const alice = fakeUser({ id: 1, login: 'alice' });
const bob = fakeUser({ id: 2, login: 'bob' });
const at = '2026-01-01T00:00:00Z';

function renderBar(props: { canReact?: boolean; me?: typeof alice | null } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ReactionsBar
        owner="alice"
        repo="tools"
        target={{ kind: 'comment', id: 7 }}
        me={props.me === undefined ? alice : props.me}
        canReact={props.canReact ?? true}
        subject="comment by bob"
      />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('ReactionsBar', () => {
  it('groups by emoji in Gitea order, with who reacted and whether one is mine', () => {
    const groups = groupReactions(
      [
        { user: bob, content: 'heart', created_at: at },
        { user: alice, content: '+1', created_at: at },
        { user: alice, content: 'heart', created_at: at },
      ],
      alice.id,
    );
    expect(groups.map((g) => [g.content, g.users, g.mine])).toEqual([
      ['+1', ['alice'], true],
      ['heart', ['bob', 'alice'], true],
    ]);
  });

  it('shows counts and names; pressing mine removes it, the picker adds another', async () => {
    let list = [
      { user: bob, content: 'heart', created_at: at },
      { user: alice, content: 'heart', created_at: at },
    ];
    const sent: string[] = [];
    server.use(
      http.get(apiUrl('/repos/alice/tools/issues/comments/7/reactions'), () => HttpResponse.json(list)),
      http.delete(apiUrl('/repos/alice/tools/issues/comments/7/reactions'), async ({ request }) => {
        const { content } = (await request.json()) as { content: string };
        sent.push(`-${content}`);
        list = list.filter((r) => !(r.user.id === alice.id && r.content === content));
        return new HttpResponse(null, { status: 200 });
      }),
      http.post(apiUrl('/repos/alice/tools/issues/comments/7/reactions'), async ({ request }) => {
        const { content } = (await request.json()) as { content: string };
        sent.push(`+${content}`);
        list = [...list, { user: alice, content, created_at: at }];
        return HttpResponse.json({ user: alice, content, created_at: at }, { status: 201 });
      }),
    );
    const user = renderBar();
    const heart = await screen.findByRole('button', { name: 'heart by bob, alice (2)' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveTextContent('2');
    await user.click(heart);
    expect(await screen.findByRole('button', { name: 'heart by bob (1)' })).toHaveAttribute('aria-pressed', 'false');

    const picker = screen.getByRole('button', { name: 'Add reaction to comment by bob' });
    await user.click(picker);
    const menu = screen.getByRole('menu', { name: 'Reactions' });
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['thumbs up', 'thumbs down', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes']);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'rocket' }));
    expect(await screen.findByRole('button', { name: 'rocket by alice (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(sent).toEqual(['-heart', '+rocket']));
  });

  it('signed out or locked: only looks, and with no reactions shows nothing', async () => {
    server.use(http.get(apiUrl('/repos/alice/tools/issues/comments/7/reactions'), () => HttpResponse.json([{ user: bob, content: 'eyes', created_at: at }])));
    renderBar({ me: null });
    expect(await screen.findByRole('button', { name: 'eyes by bob (1)' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Add reaction/ })).toBeNull();
  });
});
