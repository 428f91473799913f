// The compare page with tags and commit SHAs: pickers with Branches and Tags tabs and a typed SHA,
// commits, files and the full diff for any two refs, and no pull request form unless both sides
// are branches (the page says why in one sentence).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { fakeCommit, fakeCompare } from '@/features/pulls/test/list-fixtures';
import { queryClient } from '../query-client';
import { Component } from './repo-compare';

setupMswServer();

const A = 'a1'.repeat(20);
const B = 'b2'.repeat(20);
/** Every request the page made, path and query as the server saw them. */
let asked: string[] = [];

beforeEach(() => {
  asked = [];
  setSession({ token: 't', login: 'alice' });
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    asked.push(decodeURIComponent(url.pathname.replace(/^.*\/api\/v1/, '')));
  });
  server.use(
    http.get(apiUrl('/user'), () => HttpResponse.json(fakeUser())),
    http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello' }))),
    http.get(apiUrl('/repos/alice/hello/tags'), () => HttpResponse.json([{ name: 'v2.0' }, { name: 'v1.0' }, { name: 'release/3' }])),
    http.get(apiUrl('/repos/alice/hello/branches'), () => HttpResponse.json([{ name: 'main' }, { name: 'feature/login' }])),
    http.get(apiUrl('/repos/alice/hello/labels'), () => HttpResponse.json([])),
    http.get(apiUrl('/repos/alice/hello/milestones'), () => HttpResponse.json([])),
    http.get(apiUrl('/repos/alice/hello/pulls/:base/*'), () => HttpResponse.json({ message: 'pull request does not exist', url: '' }, { status: 404 })),
  );
});
afterEach(() => {
  server.events.removeAllListeners();
  setSession(null);
  queryClient.clear();
});

const route = (url: string) => ({ path: '/:owner/:repo/compare/*', url, extra: [{ path: '/:owner/:repo/compare', element: <Component /> }] });
const ref = (name: string, type: 'branch' | 'tag' | 'commit', sha = 'f'.repeat(40)) => ({ name, type, sha });

function serveCompare(answer: (basehead: string) => Response) {
  server.use(
    http.get(apiUrl('/repos/alice/hello/compare/*'), ({ request }) => {
      const url = new URL(request.url);
      return answer(decodeURIComponent(url.pathname.split('/compare/')[1]!));
    }),
  );
}

describe('compare page with tags and commits', () => {
  it('compares two tags: commits, files and the full diff, and one sentence instead of the pull request form', async () => {
    serveCompare((basehead) =>
      basehead.endsWith('.diff')
        ? new HttpResponse('diff --git a/notes.md b/notes.md\nnew file mode 100644\n--- /dev/null\n+++ b/notes.md\n@@ -0,0 +1 @@\n+release notes\n', {
            headers: { 'Content-Type': 'text/plain' },
          })
        : HttpResponse.json(
            fakeCompare({
              commits: [fakeCommit(B, 'Write the release notes')],
              files: [{ filename: 'notes.md', status: 'added', additions: 1, deletions: 0, changes: 1 }],
              base_ref: ref('v1.0', 'tag'),
              head_ref: ref('v2.0', 'tag', B),
            }),
          ),
    );
    const user = userEvent.setup();
    renderRoute(Component, route('/alice/hello/compare/v1.0...v2.0'));
    expect(await screen.findByRole('heading', { name: '1 commit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write the release notes' })).toHaveAttribute('href', `/alice/hello/commit/${B}`);
    expect(within(screen.getByRole('list', { name: 'Changed files' })).getByText('notes.md')).toBeInTheDocument();
    expect(screen.getByText('A pull request needs a branch on both sides; v1.0 and v2.0 are tags.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New pull request' })).not.toBeInTheDocument();
    // Tags do not merge: no merge line, and no lookup of a pull request for the pair.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(asked.some((p) => p.includes('/pulls/'))).toBe(false);
    // The pickers show tags.
    const group = screen.getByRole('group', { name: 'Branches to compare' });
    expect(group).toHaveTextContent('base:v1.0');
    expect(group).toHaveTextContent('compare:v2.0');

    await user.click(screen.getByRole('button', { name: 'Show full diff' }));
    expect(await screen.findByText('release notes', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(asked).toContain('/repos/alice/hello/compare/v1.0...v2.0.diff');
  });

  it('compares two SHAs against a server that does not name the sides (Gitea): hex names count as commits, and files open at the commit', async () => {
    serveCompare((basehead) =>
      basehead.endsWith('.diff')
        ? new HttpResponse('diff --git a/x.txt b/x.txt\n--- a/x.txt\n+++ b/x.txt\n@@ -1 +1 @@\n-old\n+new\n', { headers: { 'Content-Type': 'text/plain' } })
        : HttpResponse.json({ total_commits: 1, commits: [fakeCommit(B, 'Change x', { files: [{ filename: 'x.txt', status: 'modified' }] })] }),
    );
    renderRoute(Component, route(`/alice/hello/compare/${A.slice(0, 7)}...${B}?diff=full`));
    expect(await screen.findByRole('heading', { name: '1 commit' })).toBeInTheDocument();
    expect(screen.getByText(`A pull request needs a branch on both sides; ${A.slice(0, 7)} and ${B.slice(0, 10)} are commits.`)).toBeInTheDocument();
    // A full SHA is shortened on its picker, the whole of it in the tooltip.
    const group = screen.getByRole('group', { name: 'Branches to compare' });
    expect(within(group).getByRole('button', { name: /compare:/ })).toHaveTextContent(`compare:${B.slice(0, 10)}`);
    expect(within(group).getByRole('button', { name: /compare:/ })).toHaveAttribute('title', B);
    expect(await screen.findByText('new', {}, { timeout: 5000 })).toBeInTheDocument();
    const fileLinks = screen
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
      .filter((h) => h?.includes('x.txt'));
    expect(fileLinks.length).toBeGreaterThan(0);
    expect(new Set(fileLinks)).toEqual(new Set([`/alice/hello/src/commit/${B}/x.txt`]));
  });

  it('keeps the pull request form when both sides are branches', async () => {
    serveCompare(() => HttpResponse.json(fakeCompare({ base_ref: ref('main', 'branch'), head_ref: ref('feature/login', 'branch') })));
    renderRoute(Component, route('/alice/hello/compare/main...feature/login'));
    expect(await screen.findByRole('form', { name: 'New pull request' })).toBeInTheDocument();
    expect(screen.queryByText(/A pull request needs a branch/)).not.toBeInTheDocument();
  });

  it('says so when a branch is compared with a tag, and names only the tag', async () => {
    serveCompare(() => HttpResponse.json(fakeCompare({ base_ref: ref('main', 'branch'), head_ref: ref('v2.0', 'tag') })));
    renderRoute(Component, route('/alice/hello/compare/main...v2.0'));
    expect(await screen.findByText('A pull request needs a branch on both sides; v2.0 is a tag.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New pull request' })).not.toBeInTheDocument();
  });

  it('offers tags on a second tab of the picker, takes a typed SHA with Enter, and swaps tags', async () => {
    serveCompare(() => HttpResponse.json(fakeCompare()));
    const user = userEvent.setup();
    const { router } = renderRoute(Component, route('/alice/hello/compare'));
    await screen.findByRole('heading', { name: 'Choose a branch to compare' });

    await user.click(screen.getByRole('button', { name: /base:/ }));
    expect(screen.getByRole('list', { name: 'base branches' })).toHaveTextContent('feature/login');
    await user.click(screen.getByRole('tab', { name: 'Tags' }));
    const tagList = screen.getByRole('list', { name: 'base tags' });
    expect(
      within(tagList)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['v2.0', 'v1.0', 'release/3']);
    await user.click(within(tagList).getByRole('button', { name: 'release/3' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/alice/hello/compare/release/3...'));

    // A SHA is no list entry: typed, then Enter.
    await user.click(screen.getByRole('button', { name: /compare:/ }));
    await user.type(screen.getByRole('textbox', { name: 'Find a compare branch or tag' }), `${B.slice(0, 12)}{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/alice/hello/compare/release/3...${B.slice(0, 12)}`));

    await user.click(screen.getByRole('button', { name: 'Swap base and compare branches' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/alice/hello/compare/${B.slice(0, 12)}...release/3`));
  });

  it('moves through the list with the arrow keys and back to the filter box', async () => {
    serveCompare(() => HttpResponse.json(fakeCompare()));
    const user = userEvent.setup();
    const { router } = renderRoute(Component, route('/alice/hello/compare/main...feature/login'));
    await user.click(await screen.findByRole('button', { name: /compare:/ }));
    const filter = screen.getByRole('textbox', { name: 'Find a compare branch or tag' });
    await user.click(screen.getByRole('tab', { name: 'Tags' }));
    filter.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'v1.0' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(filter).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/alice/hello/compare/main...v2.0'));
  });
});
