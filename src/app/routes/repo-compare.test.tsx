import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { fakeLabel } from '@/features/issues/test/fixtures';
import { fakeCommit, fakeCompare, fakePull } from '@/features/pulls/test/list-fixtures';
import type { components } from '@/lib/api/schema';
import { Component } from './repo-compare';

type Compare = components['schemas']['Compare'];

setupMswServer();

/** The basehead each compare request asked for, as the server saw the path. */
let compared: string[] = [];

function serveCompare(answer: Compare | ((basehead: string) => Response)) {
  server.use(
    http.get(apiUrl('/repos/alice/hello/compare/*'), ({ request }) => {
      const url = new URL(request.url);
      const basehead = decodeURIComponent(url.pathname.split('/compare/')[1]!);
      compared.push(basehead + url.search);
      return typeof answer === 'function' ? answer(basehead) : HttpResponse.json(answer);
    }),
  );
}

beforeEach(() => {
  compared = [];
  setSession({ token: 't', login: 'alice' });
  server.use(
    http.get(apiUrl('/user'), () => HttpResponse.json(fakeUser())),
    http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello' }))),
    http.get(apiUrl('/repos/alice/hello/tags'), () => HttpResponse.json([{ name: 'v1.0' }, { name: 'v2.0' }])),
    http.get(apiUrl('/repos/alice/hello/branches'), () => HttpResponse.json([{ name: 'main' }, { name: 'feature/login' }, { name: 'clash' }])),
    http.get(apiUrl('/repos/alice/hello/labels'), () => HttpResponse.json([fakeLabel({ id: 5, name: 'bug' })])),
    http.get(apiUrl('/repos/alice/hello/milestones'), () => HttpResponse.json([])),
    // No pull request between the two branches yet.
    http.get(apiUrl('/repos/alice/hello/pulls/:base/*'), () => HttpResponse.json({ message: 'pull request does not exist', url: '' }, { status: 404 })),
  );
});
afterEach(() => setSession(null));

const route = (url: string) => ({ path: '/:owner/:repo/compare/*', url, extra: [{ path: '/:owner/:repo/compare', element: <Component /> }] });

describe('compare page', () => {
  it('says the branches merge, lists the commits and files, and prefills the form from the single commit', async () => {
    serveCompare(
      fakeCompare({
        commits: [fakeCommit('c'.repeat(40), 'Add a login page\n\nWith a form and a test.')],
        files: [{ filename: 'login.tsx', status: 'added', additions: 12, deletions: 0, changes: 12 }],
      }),
    );
    renderRoute(Component, route('/alice/hello/compare/main...feature/login'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('These branches can be merged.'));
    expect(compared).toContain('main...feature/login?verification=false');
    expect(screen.getByRole('heading', { name: '1 commit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a login page' })).toHaveAttribute('href', `/alice/hello/commit/${'c'.repeat(40)}`);
    const files = screen.getByRole('list', { name: 'Changed files' });
    expect(within(files).getByText('login.tsx')).toBeInTheDocument();
    expect(within(files).getByText('+12')).toBeInTheDocument();
    expect(await screen.findByLabelText('Title')).toHaveValue('Add a login page');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('With a form and a test.');
    expect(screen.getByRole('group', { name: 'Branches to compare' })).toHaveTextContent('base:main');
  });

  it('names the conflicting files when the branches cannot merge automatically', async () => {
    serveCompare(fakeCompare({ mergeable: false, conflicted_files: ['README.md', 'src/app.ts'] }));
    renderRoute(Component, route('/alice/hello/compare/main...clash'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Cannot be merged automatically: conflicts in README.md, src/app.ts.'));
    // A conflict does not stop anyone from opening the pull request.
    expect(await screen.findByRole('button', { name: 'Create pull request' })).toBeInTheDocument();
  });

  it('links to the open pull request for the pair instead of offering the form', async () => {
    serveCompare(fakeCompare());
    server.use(http.get(apiUrl('/repos/alice/hello/pulls/main/*'), () => HttpResponse.json(fakePull({ number: 12, title: 'Login page' }))));
    renderRoute(Component, route('/alice/hello/compare/main...feature/login'));
    const box = await screen.findByRole('region', { name: 'Existing pull request' });
    expect(within(box).getByRole('link', { name: 'View pull request' })).toHaveAttribute('href', '/alice/hello/pulls/12');
    expect(box).toHaveTextContent('Login page #12');
    expect(screen.queryByRole('form', { name: 'New pull request' })).not.toBeInTheDocument();
  });

  it('offers the form again when the only pull request for the pair was closed', async () => {
    serveCompare(fakeCompare());
    server.use(http.get(apiUrl('/repos/alice/hello/pulls/main/*'), () => HttpResponse.json(fakePull({ number: 3, state: 'closed' }))));
    renderRoute(Component, route('/alice/hello/compare/main...feature/login'));
    expect(await screen.findByRole('form', { name: 'New pull request' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Existing pull request' })).not.toBeInTheDocument();
  });

  it('says the base is already up to date when head brings no commits, with no form', async () => {
    serveCompare(fakeCompare({ commits: [], total_commits: 0, files: [] }));
    renderRoute(Component, route('/alice/hello/compare/main...feature/login'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('main is already up to date with all commits from feature/login.'));
    expect(screen.queryByRole('form', { name: 'New pull request' })).not.toBeInTheDocument();
  });

  it('hides the merge line against a server that does not say (Gitea) and builds the file list from the commits', async () => {
    serveCompare({
      total_commits: 2,
      commits: [
        fakeCommit('1'.repeat(40), 'One', {
          files: [
            { filename: 'a.txt', status: 'added' },
            { filename: 'tmp.txt', status: 'added' },
          ],
        }),
        fakeCommit('2'.repeat(40), 'Two', {
          files: [
            { filename: 'a.txt', status: 'modified' },
            { filename: 'tmp.txt', status: 'removed' },
            { filename: 'old.txt', status: 'removed' },
          ],
        }),
      ],
    });
    renderRoute(Component, route('/alice/hello/compare/main...feature/login'));
    const files = await screen.findByRole('list', { name: 'Changed files' });
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A (added)a.txt', 'D (deleted)old.txt']);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // Several commits: the title is the head branch, as Gitea.
    expect(await screen.findByLabelText('Title')).toHaveValue('feature/login');
  });

  it('asks for a branch on /compare and navigates when one is picked, keeping slashes', async () => {
    serveCompare(fakeCompare());
    const { router } = renderRoute(Component, route('/alice/hello/compare'));
    expect(await screen.findByRole('heading', { name: 'Choose a branch to compare' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /compare:/ }));
    await user.click(await screen.findByRole('button', { name: 'feature/login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/alice/hello/compare/main...feature/login'));
    await user.click(screen.getByRole('button', { name: 'Swap base and compare branches' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/alice/hello/compare/feature/login...main'));
  });

  it('shows a refused create next to the form, keeps every input, and opens the new pull request on success', async () => {
    serveCompare(fakeCompare());
    const posted: Record<string, unknown>[] = [];
    let refuse = true;
    server.use(
      http.post(apiUrl('/repos/alice/hello/pulls'), async ({ request }) => {
        posted.push((await request.json()) as Record<string, unknown>);
        if (refuse) return HttpResponse.json({ message: 'title: must be at most 255 characters', url: '' }, { status: 422 });
        return HttpResponse.json(fakePull({ number: 21 }), { status: 201 });
      }),
    );
    renderRoute(Component, route('/alice/hello/compare/main...feature/login'));
    const user = userEvent.setup();
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Login page');
    const body = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(body);
    await user.type(body, 'Adds **login**.');
    await user.click(await screen.findByRole('checkbox', { name: 'bug' }));
    await user.click(screen.getByRole('button', { name: 'Create pull request' }));

    await waitFor(() => expect(title).toHaveAccessibleDescription('Must be at most 255 characters'));
    expect(posted[0]).toEqual({ title: 'Login page', head: 'feature/login', base: 'main', body: 'Adds **login**.', labels: [5] });
    expect(title).toHaveValue('Login page');
    expect(body).toHaveValue('Adds **login**.');
    expect(screen.getByRole('checkbox', { name: 'bug' })).toBeChecked();

    // Ctrl+Enter in the description submits once.
    refuse = false;
    body.focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/alice/hello/pulls/21');
    expect(posted).toHaveLength(2);
  });

  it('asks for a title instead of sending an empty one', async () => {
    serveCompare(fakeCompare());
    renderRoute(Component, route('/alice/hello/compare/main...feature/login'));
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Create pull request' }));
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title is required');
  });

  it('shows the full diff only when asked for', async () => {
    serveCompare((basehead) =>
      basehead.endsWith('.diff')
        ? new HttpResponse('diff --git a/a.txt b/a.txt\nnew file mode 100644\n--- /dev/null\n+++ b/a.txt\n@@ -0,0 +1 @@\n+hello diff\n', {
            headers: { 'Content-Type': 'text/plain' },
          })
        : HttpResponse.json(fakeCompare()),
    );
    const { router } = renderRoute(Component, route('/alice/hello/compare/main...feature/login'));
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Show full diff' });
    expect(compared.some((c) => c.includes('.diff'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Show full diff' }));
    expect(await screen.findByText('hello diff', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?diff=full');
    expect(compared).toContain('main...feature/login.diff');
    // The whitespace mode goes to the diff request.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Whitespace' }), 'ignore-all');
    await waitFor(() => expect(compared).toContain('main...feature/login.diff?whitespace=ignore-all'));
  });

  it('invites a signed-out visitor to sign in instead of showing the form', async () => {
    setSession(null);
    serveCompare(fakeCompare());
    renderRoute(Component, route('/alice/hello/compare/main...feature/login'));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/user/login?redirect_to=${encodeURIComponent('/alice/hello/compare/main...feature/login')}`,
    );
    expect(screen.queryByRole('form', { name: 'New pull request' })).not.toBeInTheDocument();
  });
});
