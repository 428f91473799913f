import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server } from '@/test/msw';
import { queryClient } from '../query-client';
import { preloadMarkdown } from '@/features/markdown/components/markdown-view';

// The browser's renderer, watched: a Markdown file's view should have it on the way early.
vi.mock('@/features/markdown/components/markdown-view', async (original) => {
  const m = await original<typeof import('@/features/markdown/components/markdown-view')>();
  return { ...m, preloadMarkdown: vi.fn(m.preloadMarkdown) };
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
afterEach(cleanup);
beforeEach(() => queryClient.clear());

const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
const branch = (name: string) => ({ name, commit: { id: 'a'.repeat(40), message: 'x', timestamp: '2026-11-03T12:00:00Z' }, protected: false });

function entry(path: string, type: 'file' | 'dir', extra: Record<string, unknown> = {}) {
  return {
    name: path.split('/').pop(),
    path,
    sha: 'b'.repeat(40),
    last_commit_sha: 'c'.repeat(40),
    last_commit_message: `Touch ${path}`,
    last_commit_date: '2026-11-03T12:00:00Z',
    type,
    size: 10,
    encoding: type === 'file' ? 'base64' : null,
    content: null,
    target: null,
    url: null,
    html_url: null,
    git_url: null,
    download_url: null,
    submodule_git_url: null,
    _links: { self: null, git: null, html: null },
    ...extra,
  };
}

const latest = {
  url: '',
  sha: 'd'.repeat(40),
  created: '2026-11-03T12:00:00Z',
  html_url: '',
  commit: {
    url: '',
    author: { name: 'Alice', email: 'alice@example.com', date: '2026-11-03T12:00:00Z' },
    committer: { name: 'Alice', email: 'alice@example.com', date: '2026-11-03T12:00:00Z' },
    message: 'Polish the docs\n\nLonger body.',
    tree: { url: '', sha: '' },
    verification: null,
  },
  author: fakeUser(),
  committer: null,
  parents: [],
  files: null,
  stats: null,
};

const README_HTML = '<h1 id="user-content-hello-forge">Hello forge</h1>\n<p>Read the <a href="/alice/tools/src/branch/main/docs/guide.md">guide</a>.</p>';

/** Serves a small repository: README at the root, docs/ with a guide, on main and feature/login. */
function serveRepo(repoOver: Parameters<typeof fakeRepo>[0] = {}) {
  const asked: { path: string; ref: string | null; body?: unknown }[] = [];
  const contents = ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
    const ref = new URL(request.url).searchParams.get('ref');
    const raw = params.filepath;
    const path = decodeURIComponent(Array.isArray(raw) ? raw.join('/') : ((raw as string | undefined) ?? ''));
    asked.push({ path, ref });
    if (ref === 'feature') return HttpResponse.json({ message: 'not found' }, { status: 404 });
    if (path === '') return HttpResponse.json([entry('README.md', 'file'), entry('docs', 'dir')]);
    if (path === 'docs') return HttpResponse.json([entry('docs/guide.md', 'file'), entry('docs/api', 'dir')]);
    if (path === 'README.md') return HttpResponse.json(entry('README.md', 'file', { content: b64('# Hello forge\n\nRead the [guide](docs/guide.md).\n') }));
    if (path === 'docs/guide.md') return HttpResponse.json(entry('docs/guide.md', 'file', { content: b64('line one\nline two\n') }));
    return HttpResponse.json({ message: 'not found' }, { status: 404 });
  };
  server.use(
    http.get(apiUrl('/repos/alice/tools'), () => HttpResponse.json(fakeRepo({ name: 'tools', description: 'Handy tools', ...repoOver }))),
    http.get(apiUrl('/repos/alice/tools/branches'), () => HttpResponse.json([branch('main'), branch('feature/login')])),
    http.get(apiUrl('/repos/alice/tools/tags'), () =>
      HttpResponse.json([{ name: 'v1.0', id: 'e'.repeat(40), commit: { sha: 'e'.repeat(40), url: '', created: '' } }]),
    ),
    http.get(apiUrl('/repos/alice/tools/commits'), () => HttpResponse.json([latest])),
    // Code search (an extension): the probe with an empty query answers an empty result.
    http.get(apiUrl('/repos/alice/tools/search/code'), () =>
      HttpResponse.json({ query: '', ref: 'main', commit: '', total_files: 0, total_matches: 0, truncated: false, files: [] }),
    ),
    http.get(apiUrl('/repos/alice/tools/contents'), contents),
    // The server renders the README (POST /markdown) as this forge's does for this text.
    http.post(apiUrl('/markdown'), async ({ request }) => {
      asked.push({ path: '/markdown', ref: null, body: await request.json() });
      return new HttpResponse(README_HTML, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    }),
    http.get(apiUrl('/repos/alice/tools/contents/*'), ({ request }) => {
      const filepath = new URL(request.url).pathname.split('/contents/')[1];
      return contents({ request, params: { filepath } });
    }),
  );
  return asked;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/:owner/:repo',
        lazy: () => import('./repo-layout'),
        children: [
          { index: true, lazy: () => import('./repo-code') },
          { path: 'src/:kind/*', lazy: () => import('./repo-code') },
        ],
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('repository code pages', () => {
  it('shows the header, tabs, latest commit, the tree and the rendered README on the home page', async () => {
    serveRepo({ private: true, permissions: { admin: false, push: true, pull: true } });
    renderAt('/alice/tools');

    expect(await screen.findByRole('heading', { name: 'Hello forge' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: /^alice\s*\/\s*tools/ })).toHaveTextContent(/Private/);
    expect(screen.getByText('Handy tools')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Repository' });
    expect(within(tabs).getByRole('link', { name: 'Code' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Commits' })).toHaveAttribute('href', '/alice/tools/commits/branch/main');
    expect(within(tabs).queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(screen.getByLabelText('Clone URL')).toHaveValue('http://localhost/alice/tools.git');

    expect(screen.getByRole('link', { name: 'docs' })).toHaveAttribute('href', '/alice/tools/src/branch/main/docs');
    expect(screen.getByRole('link', { name: 'Touch docs' })).toHaveAttribute('href', `/alice/tools/commit/${'c'.repeat(40)}`);
    expect(await screen.findByRole('link', { name: 'Polish the docs' })).toHaveAttribute('href', `/alice/tools/commit/${'d'.repeat(40)}`);
    expect(screen.getAllByRole('link', { name: 'History' })[0]).toHaveAttribute('href', '/alice/tools/commits/branch/main');
    // README links resolve inside the repository.
    expect(screen.getByRole('link', { name: 'guide' })).toHaveAttribute('href', '/alice/tools/src/branch/main/docs/guide.md');
  });

  it("renders the README with the server's POST /markdown, in the folder's context", async () => {
    const asked = serveRepo();
    renderAt('/alice/tools');
    expect(await screen.findByRole('heading', { name: 'Hello forge' }, { timeout: 5000 })).toHaveAttribute('id', 'user-content-hello-forge');
    expect(asked.filter((a) => a.path === '/markdown').map((a) => a.body)).toEqual([
      { Text: '# Hello forge\n\nRead the [guide](docs/guide.md).\n', Mode: 'gfm', Context: '/alice/tools/src/branch/main' },
    ]);
  });

  it("starts loading a Markdown file's renderer with the file, not once its view draws", async () => {
    serveRepo();
    vi.mocked(preloadMarkdown).mockClear();
    renderAt('/alice/tools/src/branch/main/docs/guide.md');
    expect(await screen.findByText(/line two/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(preloadMarkdown).toHaveBeenCalled();
  });

  it('follows a README link inside the app, without reloading the page', async () => {
    serveRepo();
    const router = renderAt('/alice/tools');
    await userEvent.click(await screen.findByRole('link', { name: 'guide' }, { timeout: 5000 }));
    expect(router.state.location.pathname).toBe('/alice/tools/src/branch/main/docs/guide.md');
    expect(await screen.findByText(/line two/, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('sanitizes the HTML the server sends before showing it', async () => {
    serveRepo();
    server.use(
      http.post(apiUrl('/markdown'), () =>
        HttpResponse.text(
          '<h1>Hello forge</h1><script>window.__pwned = 1</script><img src="x" alt="x" onerror="window.__pwned = 2"><a href="javascript:alert(1)">bad</a>',
          {
            headers: { 'Content-Type': 'text/html' },
          },
        ),
      ),
    );
    renderAt('/alice/tools');
    const heading = await screen.findByRole('heading', { name: 'Hello forge' }, { timeout: 5000 });
    const readme = heading.closest('.markdown')!;
    expect(readme.querySelector('script')).toBeNull();
    expect(readme.querySelector('[onerror]')).toBeNull();
    expect(within(readme as HTMLElement).getByText('bad')).not.toHaveAttribute('href', expect.stringMatching(/javascript/));
  });

  it('renders the README in the browser when the server has no POST /markdown', async () => {
    serveRepo();
    server.use(http.post(apiUrl('/markdown'), () => HttpResponse.text('404 page not found', { status: 404 })));
    renderAt('/alice/tools');
    expect(await screen.findByRole('heading', { name: 'Hello forge' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'guide' })).toHaveAttribute('href', '/alice/tools/src/branch/main/docs/guide.md');
  });

  it('the home page asks for the tree, branches and tags without waiting for the repository', async () => {
    serveRepo();
    const seen = new Set<string>();
    let allBeforeRepo = false;
    // The latest commit waits for the repository: an empty one answers 409 to it (as Gitea).
    const want = ['contents', 'branches', 'tags'];
    const note = (what: string) => () => {
      seen.add(what);
      return undefined;
    };
    server.use(
      // Passes through to serveRepo's handlers after noting the request.
      http.get(apiUrl('/repos/alice/tools/contents'), note('contents')),
      http.get(apiUrl('/repos/alice/tools/commits'), note('commits')),
      http.get(apiUrl('/repos/alice/tools/branches'), note('branches')),
      http.get(apiUrl('/repos/alice/tools/tags'), note('tags')),
      // The repository answers only once the rest were asked for (or after 2 s, and the test fails).
      http.get(apiUrl('/repos/alice/tools'), async () => {
        for (let waited = 0; waited < 2000 && !want.every((w) => seen.has(w)); waited += 10) await new Promise((r) => setTimeout(r, 10));
        allBeforeRepo = want.every((w) => seen.has(w));
        return HttpResponse.json(fakeRepo({ name: 'tools', description: 'Handy tools' }));
      }),
    );
    renderAt('/alice/tools');
    expect(await screen.findByRole('heading', { name: 'Hello forge' }, { timeout: 5000 })).toBeInTheDocument();
    expect(allBeforeRepo).toBe(true);
  });

  it('the home page asks for README.md beside the tree, without waiting for the listing to name it', async () => {
    const asked = serveRepo();
    let readmeBeforeListing = false;
    server.use(
      // The listing answers only once README.md was asked for (or after 2 s, and the test fails).
      http.get(apiUrl('/repos/alice/tools/contents'), async () => {
        for (let waited = 0; waited < 2000 && !asked.some((a) => a.path === 'README.md'); waited += 10) await new Promise((r) => setTimeout(r, 10));
        readmeBeforeListing = asked.some((a) => a.path === 'README.md');
        return undefined;
      }),
    );
    renderAt('/alice/tools');
    expect(await screen.findByRole('heading', { name: 'Hello forge' }, { timeout: 5000 })).toBeInTheDocument();
    expect(readmeBeforeListing).toBe(true);
    // Asked once, not again when the listing named it.
    expect(asked.filter((a) => a.path === 'README.md')).toHaveLength(1);
  });

  it('resolves a branch whose name has a slash and browses the folder at it', async () => {
    const asked = serveRepo();
    renderAt('/alice/tools/src/branch/feature/login/docs');

    expect(await screen.findByRole('link', { name: 'guide.md' })).toHaveAttribute('href', '/alice/tools/src/branch/feature/login/docs/guide.md');
    expect(screen.getByRole('button', { name: /current branch: feature\/login/ })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'tools' })).toHaveAttribute('href', '/alice/tools/src/branch/feature/login');
    expect(within(crumbs).getByText('docs')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Parent folder' })).toHaveAttribute('href', '/alice/tools/src/branch/feature/login');
    expect(asked).toContainEqual({ path: 'docs', ref: 'feature/login' });
  });

  it('shows a file with line anchors and switches ref with the keyboard', async () => {
    serveRepo();
    const user = userEvent.setup();
    const router = renderAt('/alice/tools/src/branch/main/docs/guide.md?display=source');

    expect(await screen.findByRole('link', { name: '2' }, { timeout: 5000 })).toHaveAttribute('href', '#L2');
    expect(document.getElementById('L2')).toHaveTextContent('line two');
    expect(screen.getByRole('link', { name: 'Raw' }).getAttribute('href')).toMatch(/\/api\/v1\/repos\/alice\/tools\/raw\/docs\/guide\.md\?ref=main$/);

    await user.click(screen.getByRole('button', { name: /switch branch or tag/i }));
    const dialog = screen.getByRole('dialog', { name: 'Switch branch or tag' });
    await user.type(within(dialog).getByLabelText('Filter branches and tags'), 'login');
    expect(within(dialog).queryByRole('link', { name: /^main/ })).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('link', { name: 'feature/login' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: /current branch: feature\/login/ });
    expect(router.state.location.pathname).toBe('/alice/tools/src/branch/feature/login/docs/guide.md');

    await user.click(screen.getByRole('button', { name: /switch branch or tag/i }));
    await user.click(screen.getByRole('tab', { name: 'Tags' }));
    expect(screen.getByRole('link', { name: 'v1.0' })).toHaveAttribute('href', '/alice/tools/src/tag/v1.0/docs/guide.md');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /switch branch or tag/i })).toHaveFocus();
  });

  it('tells how to push to an empty repository and marks an archived one', async () => {
    serveRepo({ empty: true, archived: true, permissions: { admin: true, push: true, pull: true } });
    renderAt('/alice/tools');
    expect(await screen.findByRole('heading', { name: 'This repository is empty' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('This repository is archived. You can view files and clone it, but cannot push or open issues');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/alice/tools/settings');
  });

  it('does not ask an empty repository for its latest commit (Gitea answers 409)', async () => {
    serveRepo({ empty: true });
    let askedCommits = false;
    server.use(
      http.get(apiUrl('/repos/alice/tools/commits'), () => {
        askedCommits = true;
        return HttpResponse.json({ message: 'Git Repository is empty.' }, { status: 409 });
      }),
    );
    renderAt('/alice/tools');
    expect(await screen.findByRole('heading', { name: 'This repository is empty' })).toBeInTheDocument();
    expect(askedCommits).toBe(false);
  });

  it('gives push instructions to those who may push to an empty repository', async () => {
    serveRepo({ empty: true });
    renderAt('/alice/tools');
    // Both recipes (new and existing repository) end by adding the remote and pushing the default branch.
    expect(await screen.findAllByText(/git remote add origin http:\/\/localhost\/alice\/tools\.git\s+git push -u origin main$/)).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Copy/ }).length).toBeGreaterThanOrEqual(2);
  });
});
