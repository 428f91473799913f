import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { Component } from './repo-commit';

setupMswServer();
afterEach(() => {
  cleanup();
  setSession(null);
});
beforeEach(() => {
  window.scrollTo = vi.fn() as never;
});

const sha = 'c'.repeat(40);
const diff = `diff --git a/src/greet.ts b/src/greet.ts
new file mode 100644
index 0000000..1111111
--- /dev/null
+++ b/src/greet.ts
@@ -0,0 +1,3 @@
+export function greet(name: string) {
+  return \`Hello, \${name}!\`;
+}
diff --git a/README.md b/README.md
index 2222222..3333333 100644
--- a/README.md
+++ b/README.md
@@ -1 +1,2 @@
 # hello
+A line added.
`;

function serve() {
  server.use(
    http.get(apiUrl(`/repos/alice/hello/git/commits/${sha}`), () =>
      HttpResponse.json({
        url: '',
        sha,
        created: '2026-11-03T12:00:00Z',
        html_url: '',
        commit: {
          url: '',
          author: { name: 'Alice', email: 'alice@example.com', date: '2026-11-03T12:00:00Z' },
          committer: { name: 'Alice', email: 'alice@example.com', date: '2026-11-03T12:00:00Z' },
          message: 'Add a greeting\n\nWith a body that explains why.',
          tree: { url: '', sha: '' },
          verification: null,
        },
        author: null,
        committer: null,
        parents: [],
        files: [
          { filename: 'src/greet.ts', status: 'added' },
          { filename: 'README.md', status: 'modified' },
        ],
        stats: { total: 4, additions: 4, deletions: 0 },
      }),
    ),
    http.get(apiUrl(`/repos/alice/hello/git/commits/${sha}.diff`), () => HttpResponse.text(diff)),
    http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello' }))),
  );
}

describe('commit page', () => {
  it('draws the diff with the engine, links each file at the commit, and keeps the layout in the URL', async () => {
    serve();
    const { router } = renderRoute(Component, { path: '/:owner/:repo/commit/:sha', url: `/alice/hello/commit/${sha}` });
    const greet = await screen.findByRole('region', { name: /^src\/greet\.ts/ });
    expect(greet).toHaveTextContent('export function greet(name: string) {');
    expect(within(greet).getByRole('link', { name: 'View file src/greet.ts' })).toHaveAttribute('href', `/alice/hello/src/commit/${sha}/src/greet.ts`);
    expect(screen.getByRole('navigation', { name: 'Changed files' })).toBeInTheDocument();
    // The raw links of the summary stay.
    expect(screen.getByRole('link', { name: '.diff' })).toHaveAttribute('href', expect.stringMatching(new RegExp(`/git/commits/${sha}\\.diff$`)));
    expect(screen.getByRole('link', { name: 'Compare with main' })).toHaveAttribute('href', `/alice/hello/compare/${sha}...main`);
    // No review tools on a commit.
    expect(screen.queryByRole('checkbox', { name: /^Viewed/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Comment on/ })).toBeNull();

    await userEvent.click(within(screen.getByRole('group', { name: 'Diff view' })).getByRole('button', { name: 'Split' }));
    expect(router.state.location.search).toBe('?style=split');
    const readme = screen.getByRole('region', { name: /^README\.md/ });
    expect(readme.querySelector('.d2h-file-side-diff')).not.toBeNull();
  });

  it('moves between files with j and k', async () => {
    serve();
    renderRoute(Component, { path: '/:owner/:repo/commit/:sha', url: `/alice/hello/commit/${sha}` });
    await screen.findByRole('region', { name: /^README\.md/ });
    await userEvent.keyboard('j');
    expect(screen.getByRole('region', { name: /^src\/greet\.ts/ })).toHaveFocus();
    await userEvent.keyboard('j');
    expect(screen.getByRole('region', { name: /^README\.md/ })).toHaveFocus();
  });

  it('a signed-in click on Split before the saved choice has loaded is saved all the same', async () => {
    setSession({ token: 'tok', login: 'bob' });
    serve();
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const saved: unknown[] = [];
    server.use(
      // The settings read is slow (a busy server): it answers only after the click.
      http.get(apiUrl('/user/settings'), async () => {
        await held;
        return HttpResponse.json({ diff_view_style: 'unified' });
      }),
      http.patch(apiUrl('/user/settings'), async ({ request }) => {
        const body = (await request.json()) as { diff_view_style: string };
        saved.push(body);
        return HttpResponse.json({ diff_view_style: body.diff_view_style });
      }),
      http.get(apiUrl('/notifications/new'), () => HttpResponse.json({ new: 0 })),
    );
    const { router } = renderRoute(Component, { path: '/:owner/:repo/commit/:sha', url: `/alice/hello/commit/${sha}` });
    await screen.findByRole('region', { name: /^README\.md/ });
    const group = screen.getByRole('group', { name: 'Diff view' });
    await userEvent.click(within(group).getByRole('button', { name: 'Split' }));
    expect(router.state.location.search).toBe('?style=split');
    await vi.waitFor(() => expect(saved).toEqual([{ diff_view_style: 'split' }]));
    // The late read of the old choice does not undo it.
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect(within(group).getByRole('button', { name: 'Split' })).toHaveAttribute('aria-pressed', 'true');
  });
});
