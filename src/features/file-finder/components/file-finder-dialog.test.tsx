import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { FileFinderDialog } from './file-finder-dialog';

setupMswServer();
afterEach(cleanup);

const entry = (path: string, type = 'blob') => ({ path, type, mode: type === 'tree' ? '040000' : '100644', size: 1, sha: 'a'.repeat(40), url: '' });

function Page() {
  return <FileFinderDialog owner="ann" repo="proj" refName="main" open onClose={() => {}} hrefFor={(p) => `/ann/proj/src/branch/main/${p}`} />;
}

describe('FileFinderDialog', () => {
  it('reads every page of the tree, filters fuzzily with highlighted characters, and opens the chosen file with Enter', async () => {
    const pages: string[] = [];
    server.use(
      http.get(apiUrl('/repos/ann/proj/git/trees/main'), ({ request }) => {
        const u = new URL(request.url);
        pages.push(`${u.searchParams.get('recursive')}:${u.searchParams.get('page')}`);
        // Two pages, as Gitea marks them: truncated on both, total_count tells when to stop.
        const all = [entry('src', 'tree'), entry('src/app/router.tsx'), entry('src/lib/paths.ts'), entry('README.md'), entry('docs/guide.md')];
        const page = Number(u.searchParams.get('page'));
        const tree = page === 1 ? all.slice(0, 3) : all.slice(3);
        return HttpResponse.json({ sha: 't', url: '', tree, truncated: true, page, total_count: all.length });
      }),
    );
    const { router } = renderRoute(Page, { path: '/ann/proj', url: '/ann/proj' });
    const input = await screen.findByRole('combobox', { name: 'Find a file' });
    await screen.findByText('4 files', { exact: false });
    expect(pages).toEqual(['true:1', 'true:2']);

    await userEvent.type(input, 'rtr');
    const list = screen.getByRole('listbox', { name: 'Matching files' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    const option = within(list).getByRole('option');
    expect(option).toHaveTextContent('src/app/router.tsx');
    expect(
      Array.from(option.querySelectorAll('mark'))
        .map((m) => m.textContent)
        .join(''),
    ).toBe('rtr');

    await userEvent.clear(input);
    await userEvent.type(input, 'md');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    const second = within(list).getAllByRole('option')[1]!;
    expect(second).toHaveAttribute('aria-selected', 'true');
    const chosen = second.textContent!;
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/ann/proj/src/branch/main/${chosen}`));
  });

  it('says when nothing matches and when the tree cannot be read', async () => {
    server.use(
      http.get(apiUrl('/repos/ann/proj/git/trees/main'), () =>
        HttpResponse.json({ sha: 't', url: '', tree: [entry('a.txt')], truncated: false, page: 1, total_count: 1 }),
      ),
    );
    renderRoute(Page, { path: '/ann/proj', url: '/ann/proj' });
    await userEvent.type(await screen.findByRole('combobox'), 'zzz');
    expect(await screen.findByText('No file matches “zzz”.')).toBeInTheDocument();
    cleanup();
    server.use(http.get(apiUrl('/repos/ann/proj/git/trees/main'), () => HttpResponse.json({ message: 'sha not found', url: '' }, { status: 404 })));
    renderRoute(Page, { path: '/ann/proj', url: '/ann/proj' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not list the files');
  });
});
