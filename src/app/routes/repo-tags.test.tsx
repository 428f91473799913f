import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { Component } from './repo-tags';

setupMswServer();
afterEach(cleanup);

const tag = (name: string, sha: string, message = name) => ({
  name,
  message,
  id: sha,
  commit: { url: '', sha, created: '2026-11-01T12:00:00Z' },
  zipball_url: `http://x/alice/hello/archive/${name}.zip`,
  tarball_url: `http://x/alice/hello/archive/${name}.tar.gz`,
});

describe('tags page', () => {
  it('lists a page of tags with commit, date and archive downloads, and links the next page', async () => {
    let asked: URLSearchParams | null = null;
    server.use(
      http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello', full_name: 'alice/hello' }))),
      http.get(apiUrl('/repos/alice/hello/tags'), ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json([tag('v2.0', '2'.repeat(40), 'Second release\n\nnotes'), tag('release/v1', '1'.repeat(40))], {
          headers: { 'X-Total-Count': '45' },
        });
      }),
    );
    renderRoute(Component, { path: '/:owner/:repo/tags', url: '/alice/hello/tags?page=2' });
    const list = await screen.findByRole('list', { name: 'Tags' });
    expect(asked!.get('page')).toBe('2');
    expect(asked!.get('limit')).toBe('20');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'v2.0' })).toHaveAttribute('href', '/alice/hello/src/tag/v2.0');
    expect(within(rows[0]!).getByText('Second release')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Commit 2222222222' })).toHaveAttribute('href', `/alice/hello/commit/${'2'.repeat(40)}`);
    expect(await within(rows[1]!).findByRole('link', { name: 'Compare release/v1 with main' })).toHaveAttribute(
      'href',
      '/alice/hello/compare/release/v1...main',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'ZIP of release/v1' }).getAttribute('href')).toMatch(
      /\/api\/v1\/repos\/alice\/hello\/archive\/release\/v1\.zip$/,
    );
    expect(within(rows[1]!).getByRole('link', { name: 'TAR.GZ of release/v1' }).getAttribute('href')).toMatch(/\/archive\/release\/v1\.tar\.gz$/);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/alice/hello/tags?page=3');
  });

  it('says when there are no tags', async () => {
    server.use(
      http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello', full_name: 'alice/hello' }))),
      http.get(apiUrl('/repos/alice/hello/tags'), () => HttpResponse.json([])),
    );
    renderRoute(Component, { path: '/:owner/:repo/tags', url: '/alice/hello/tags' });
    expect(await screen.findByRole('heading', { name: 'No tags yet' })).toBeInTheDocument();
  });

  it('lets a writer create an annotated tag: name, a target from the list, a message; the list then shows it', async () => {
    let tags = [tag('v1.0', '1'.repeat(40))];
    let sent: unknown = null;
    server.use(
      http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello', full_name: 'alice/hello' }))),
      http.get(apiUrl('/repos/alice/hello/tags'), () => HttpResponse.json(tags)),
      http.get(apiUrl('/repos/alice/hello/branches'), () => HttpResponse.json([{ name: 'main' }, { name: 'release/1.x' }])),
      http.post(apiUrl('/repos/alice/hello/tags'), async ({ request }) => {
        sent = await request.json();
        const created = tag('v1.1', '3'.repeat(40), 'Second release\n');
        tags = [created, ...tags];
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    renderRoute(Component, { path: '/:owner/:repo/tags', url: '/alice/hello/tags' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a tag' });
    await user.type(within(dialog).getByLabelText('Tag name'), 'v1.1');
    const target = within(dialog).getByLabelText('Target');
    expect(target).toHaveValue('main');
    // The branches are offered as targets once the dialog is open.
    await waitFor(() => expect(dialog.querySelector('datalist option[value="release/1.x"]')).not.toBeNull());
    await user.clear(target);
    await user.type(target, 'release/1.x');
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Second release');
    await user.click(within(dialog).getByRole('button', { name: 'Create tag' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({ tag_name: 'v1.1', target: 'release/1.x', message: 'Second release' });
    const list = screen.getByRole('list', { name: 'Tags' });
    expect(await within(list).findByRole('link', { name: 'v1.1' })).toBeInTheDocument();
  });

  it('checks the name before sending, and puts a taken name or an unknown target beside its field', async () => {
    const sent: any[] = [];
    server.use(
      http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello', full_name: 'alice/hello' }))),
      http.get(apiUrl('/repos/alice/hello/tags'), () => HttpResponse.json([tag('v1.0', '1'.repeat(40))])),
      http.get(apiUrl('/repos/alice/hello/branches'), () => HttpResponse.json([])),
      http.post(apiUrl('/repos/alice/hello/tags'), async ({ request }) => {
        const body = (await request.json()) as any;
        sent.push(body);
        return body.target === 'nope'
          ? HttpResponse.json({ message: 'target not found: nope', url: '' }, { status: 404 })
          : HttpResponse.json({ message: 'tag already exists [name: v1.0]', url: '' }, { status: 409 });
      }),
    );
    renderRoute(Component, { path: '/:owner/:repo/tags', url: '/alice/hello/tags' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a tag' });
    const name = within(dialog).getByLabelText('Tag name');
    const target = within(dialog).getByLabelText('Target');
    const submit = within(dialog).getByRole('button', { name: 'Create tag' });

    await user.type(name, 'my tag');
    await user.click(submit);
    expect(name).toHaveAccessibleDescription('A tag name cannot contain spaces or control characters.');
    expect(sent).toEqual([]);

    await user.clear(name);
    await user.type(name, 'v1.0');
    await user.click(submit);
    await waitFor(() => expect(name).toHaveAccessibleDescription('A tag named “v1.0” already exists.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([{ tag_name: 'v1.0', target: 'main' }]);

    await user.clear(name);
    await user.type(name, 'v2.0');
    await user.clear(target);
    await user.type(target, 'nope');
    await user.click(submit);
    await waitFor(() => expect(target).toHaveAccessibleDescription('No branch, tag or commit is named “nope”.'));
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    // Nothing was created: the dialog stays open with what was typed.
    expect(screen.getByRole('dialog', { name: 'Create a tag' })).toBeInTheDocument();
    expect(name).toHaveValue('v2.0');
  });

  it('deletes a tag only after confirming, and the list no longer shows it', async () => {
    let tags = [tag('v2.0', '2'.repeat(40)), tag('release/v1', '1'.repeat(40))];
    const deleted: string[] = [];
    server.use(
      http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello', full_name: 'alice/hello' }))),
      http.get(apiUrl('/repos/alice/hello/tags'), () => HttpResponse.json(tags)),
      http.delete(apiUrl('/repos/alice/hello/tags/*'), ({ request }) => {
        const name = decodeURIComponent(new URL(request.url).pathname.split('/tags/')[1]!);
        deleted.push(name);
        tags = tags.filter((t) => t.name !== name);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute(Component, { path: '/:owner/:repo/tags', url: '/alice/hello/tags' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete tag release/v1' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete tag' });
    expect(dialog).toHaveTextContent('Delete the tag release/v1?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete tag release/v1' }));
    dialog = screen.getByRole('dialog', { name: 'Delete tag' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete tag' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual(['release/v1']);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'release/v1' })).toBeNull());
    expect(screen.getByRole('link', { name: 'v2.0' })).toBeInTheDocument();
  });

  it('shows a failed delete inside the confirmation', async () => {
    server.use(
      http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello', full_name: 'alice/hello' }))),
      http.get(apiUrl('/repos/alice/hello/tags'), () => HttpResponse.json([tag('v1', '1'.repeat(40))])),
      http.delete(apiUrl('/repos/alice/hello/tags/v1'), () => HttpResponse.json({ message: 'repository is archived', url: '' }, { status: 423 })),
    );
    renderRoute(Component, { path: '/:owner/:repo/tags', url: '/alice/hello/tags' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete tag v1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete tag' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete tag' }));
    expect(await within(dialog).findByText('repository is archived')).toBeInTheDocument();
  });

  it('offers no create or delete to readers, on an archived or on an empty repository', async () => {
    for (const over of [{ permissions: { admin: false, push: false, pull: true } }, { archived: true }, { empty: true }]) {
      server.use(
        http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello', full_name: 'alice/hello', ...over }))),
        http.get(apiUrl('/repos/alice/hello/tags'), () => HttpResponse.json([tag('v1', '1'.repeat(40))])),
      );
      renderRoute(Component, { path: '/:owner/:repo/tags', url: '/alice/hello/tags' });
      // The repository has loaded once the Compare link (which needs its default branch) shows.
      expect(await screen.findByRole('link', { name: 'Compare v1 with main' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'New tag' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete tag v1' })).toBeNull();
      cleanup();
    }
  });
});
