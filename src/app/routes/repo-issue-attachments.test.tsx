// Attaching files on the issue page: to a new comment (after it is posted), to the issue body
// while editing it, refusing oversized files, retrying failed uploads, and deleting attachments.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { File as NodeFile } from 'node:buffer';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { Component } from './repo-issue';

// The request reaches MSW through Node's fetch, which cannot read jsdom's File/FormData (vitest's
// bridge drops the file's name and bytes). Node's own File and FormData stand in for the browser's,
// so the multipart body MSW parses is the one a browser would send.
const File = NodeFile as unknown as typeof globalThis.File;
beforeAll(async () => {
  const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor;
  vi.stubGlobal('FormData', NodeFormData);
});
afterAll(() => vi.unstubAllGlobals());

setupMswServer();
afterEach(() => setSession(null));

const alice = fakeUser({ id: 1, login: 'alice' });
const bob = fakeUser({ id: 2, login: 'bob' });
const T0 = '2026-01-01T00:00:00Z';

function attachment(id: number, name: string, size = 12) {
  const url = `http://localhost/attachments/0000000${id}-0000-0000-0000-000000000000`;
  return { id, name, size, download_count: 0, created_at: T0, uuid: `u${id}`, download_url: url, browser_download_url: url, type: 'attachment' };
}

function issue(assets: ReturnType<typeof attachment>[] = []) {
  return {
    id: 10,
    url: '',
    html_url: '',
    number: 3,
    user: alice,
    original_author: '',
    original_author_id: 0,
    title: 'Crash on save',
    body: 'It crashes.',
    ref: '',
    assets,
    labels: [],
    milestone: null,
    assignee: null,
    assignees: [],
    state: 'open',
    is_locked: false,
    comments: 0,
    created_at: T0,
    updated_at: T0,
    closed_at: null,
    due_date: null,
    pull_request: null,
    repository: { id: 1, name: 'tools', owner: 'alice', full_name: 'alice/tools' },
    pin_order: 0,
  };
}

function comment(id: number, body: string, assets: ReturnType<typeof attachment>[] = []) {
  return {
    id,
    type: 'comment',
    html_url: '',
    pull_request_url: '',
    issue_url: '',
    user: bob,
    body,
    created_at: T0,
    updated_at: T0,
    assets,
    old_milestone: null,
    milestone: null,
    old_title: '',
    new_title: '',
    old_ref: '',
    new_ref: '',
    ref_issue: null,
    ref_comment: null,
    ref_action: '',
    ref_commit_sha: '',
    review_id: 0,
    label: null,
    assignee: null,
    removed_assignee: false,
  };
}

interface Upload {
  url: string;
  name: string;
  text: string;
}

type AttachmentSettings = { enabled: boolean; allowed_types: string; max_size: number; max_files: number } | 'missing';

/** A small in-memory forge for one issue: comments, their attachments, and every request made. */
function setup({
  viewer = bob,
  push = false,
  uploadFails = 0,
  settings = { enabled: true, allowed_types: '*/*', max_size: 10, max_files: 5 },
}: { viewer?: typeof bob; push?: boolean; uploadFails?: number; settings?: AttachmentSettings } = {}) {
  setSession({ token: `tok-${viewer.login}`, login: viewer.login });
  const comments: ReturnType<typeof comment>[] = [];
  const issueAssets: ReturnType<typeof attachment>[] = [];
  const uploads: Upload[] = [];
  const patches: { id: number; body: string }[] = [];
  let failures = uploadFails;
  let nextId = 200;
  const take = async (request: Request, into: ReturnType<typeof attachment>[]) => {
    const form = await request.formData();
    const file = form.get('attachment') as File;
    uploads.push({ url: new URL(request.url).pathname, name: file.name, text: await file.text() });
    if (failures > 0) {
      failures--;
      return HttpResponse.json({ message: 'attachment is too large', url: '' }, { status: 413 });
    }
    const a = attachment(nextId++, file.name, file.size);
    into.push(a);
    return HttpResponse.json(a, { status: 201 });
  };
  server.use(
    http.get(apiUrl('/user'), () => HttpResponse.json(viewer)),
    http.get(apiUrl('/repos/alice/tools'), () => HttpResponse.json(fakeRepo({ name: 'tools', owner: alice, permissions: { admin: false, push, pull: true } }))),
    http.get(apiUrl('/repos/alice/tools/issues/3'), () => HttpResponse.json(issue(issueAssets))),
    http.get(apiUrl('/repos/alice/tools/issues/3/timeline'), () => HttpResponse.json(comments, { headers: { 'X-Total-Count': String(comments.length) } })),
    http.post(apiUrl('/repos/alice/tools/issues/3/comments'), async ({ request }) => {
      const { body } = (await request.json()) as { body: string };
      const c = comment(106 + comments.length, body);
      comments.push(c);
      return HttpResponse.json(c, { status: 201 });
    }),
    http.patch(apiUrl('/repos/alice/tools/issues/comments/:id'), async ({ params, request }) => {
      const { body } = (await request.json()) as { body: string };
      const c = comments.find((x) => x.id === Number(params.id))!;
      c.body = body;
      patches.push({ id: c.id, body });
      return HttpResponse.json(c);
    }),
    http.post(apiUrl('/repos/alice/tools/issues/comments/:id/assets'), ({ params, request }) =>
      take(request, comments.find((x) => x.id === Number(params.id))!.assets),
    ),
    http.post(apiUrl('/repos/alice/tools/issues/3/assets'), ({ request }) => take(request, issueAssets)),
    // Gitea's attachment settings (max_size in MiB); a server without the route answers 404.
    http.get(apiUrl('/settings/attachment'), () =>
      settings === 'missing' ? HttpResponse.json({ message: 'not found', url: '' }, { status: 404 }) : HttpResponse.json(settings),
    ),
  );
  renderRoute(Component, { path: '/:owner/:repo/issues/:index', url: '/alice/tools/issues/3' });
  return { comments, issueAssets, uploads, patches };
}

const fileInput = () => screen.getByLabelText('Attach files: choose files');

describe('attachments on the issue page', () => {
  it('uploads picked files to the new comment once it is posted, and lists them on it', async () => {
    const { uploads, comments } = setup();
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeInTheDocument();
    await user.upload(fileInput(), new File(['hello, file'], 'notes.txt', { type: 'text/plain' }));
    const pending = within(screen.getByRole('list', { name: 'Files to attach' })).getByRole('listitem', { name: 'notes.txt' });
    expect(pending).toHaveTextContent('Attaches when you comment');
    expect(uploads).toHaveLength(0);

    await user.type(box, 'Log attached');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads).toEqual([{ url: '/api/v1/repos/alice/tools/issues/comments/106/assets', name: 'notes.txt', text: 'hello, file' }]);
    expect(comments[0]!.body).toBe('Log attached');
    const list = await screen.findByRole('list', { name: 'Attachments of comment by bob' });
    expect(within(list).getByRole('link', { name: 'notes.txt' })).toHaveAttribute('href', comments[0]!.assets[0]!.browser_download_url);
    expect(screen.queryByRole('list', { name: 'Files to attach' })).toBeNull();
    // The sidebar's list of all the issue's files follows too.
    expect(within(screen.getByRole('list', { name: 'Attachments of this issue' })).getByRole('link', { name: 'notes.txt' })).toBeInTheDocument();
  });

  it('links uploaded images into the new comment’s Markdown', async () => {
    const { patches } = setup();
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    await user.upload(fileInput(), [new File(['png'], 'shot.png', { type: 'image/png' }), new File(['x'], 'log.txt')]);
    await user.type(box, 'See screenshot');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ id: 106, body: 'See screenshot\n\n![shot.png](http://localhost/attachments/0000000200-0000-0000-0000-000000000000)' });
  });

  it("shows the server's limit and refuses an 11 MiB file before uploading, with a clear message", async () => {
    const { uploads, comments } = setup();
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    expect(await screen.findByText('Up to 10 MiB per file')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attach files' })).toHaveAccessibleDescription('Up to 10 MiB per file');
    await user.type(box, 'Typed first');
    await user.upload(fileInput(), new File([new Uint8Array(11 * 1024 * 1024)], 'big.bin'));
    expect(screen.getByRole('alert')).toHaveTextContent('big.bin is 11 MiB; files can be at most 10 MiB.');
    // What was typed stays.
    expect(box).toHaveValue('Typed first');
    await user.clear(box);
    await user.type(box, 'Without the file');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(comments).toHaveLength(1));
    expect(uploads).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Dismiss big.bin' }));
    expect(screen.queryByText(/big\.bin is 11 MiB/)).toBeNull();
  });

  it('keeps the comment when an upload fails, shows the server’s message, and retries', async () => {
    const { uploads, comments } = setup({ uploadFails: 1 });
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    await user.upload(fileInput(), new File(['data'], 'trace.log'));
    await user.type(box, 'Trace below');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    const item = await screen.findByRole('listitem', { name: 'trace.log' });
    await within(item).findByText('attachment is too large');
    expect(item).toHaveTextContent('Upload failed');
    // The comment itself was posted and shows; the box is ready for the next one.
    expect(comments).toHaveLength(1);
    expect(await screen.findByText('Trace below')).toBeInTheDocument();
    expect(box).toHaveValue('');

    await user.click(within(item).getByRole('button', { name: 'Retry trace.log' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1]!.url).toBe('/api/v1/repos/alice/tools/issues/comments/106/assets');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'trace.log' })).toBeNull());
    const onComment = await screen.findByRole('list', { name: 'Attachments of comment by bob' });
    expect(within(onComment).getByRole('link', { name: 'trace.log' })).toBeInTheDocument();
  });

  it('uploads straight to the issue body while editing it and puts images at the caret', async () => {
    const { uploads } = setup({ viewer: alice });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for issue description by alice' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const draft = screen.getByRole('textbox', { name: 'Edit issue description' });
    (draft as HTMLTextAreaElement).setSelectionRange(0, 0);
    const article = screen.getByRole('article', { name: 'Description by alice' });
    await user.upload(within(article).getByLabelText('Attach files: choose files'), new File(['png'], 'crash.png', { type: 'image/png' }));
    await waitFor(() => expect(draft).toHaveValue('![crash.png](http://localhost/attachments/0000000200-0000-0000-0000-000000000000)\nIt crashes.'));
    expect(uploads.map((u) => u.url)).toEqual(['/api/v1/repos/alice/tools/issues/3/assets']);
    expect(await within(article).findByRole('link', { name: 'crash.png' })).toBeInTheDocument();
  });

  it('follows a larger limit from the server, and shows none against a server without the setting', async () => {
    setup({ settings: { enabled: true, allowed_types: '*/*', max_size: 2048, max_files: 5 } });
    const user = userEvent.setup();
    expect(await screen.findByText('Up to 2.0 GiB per file')).toBeInTheDocument();
    await user.upload(fileInput(), new File([new Uint8Array(11 * 1024 * 1024)], 'big.bin'));
    expect(screen.getByRole('listitem', { name: 'big.bin' })).toHaveTextContent('Attaches when you comment');
    cleanup();
    setup({ settings: 'missing' });
    await screen.findByRole('textbox', { name: 'Comment' });
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeInTheDocument();
    expect(screen.queryByText(/per file/)).toBeNull();
    await user.upload(fileInput(), new File([new Uint8Array(11 * 1024 * 1024)], 'big.bin'));
    expect(screen.getByRole('listitem', { name: 'big.bin' })).toHaveTextContent('Attaches when you comment');
  });

  it("follows the site's allowed types and files per comment, refusing the rest before upload and keeping the text", async () => {
    const { uploads, comments } = setup({ settings: { enabled: true, allowed_types: '.zip, image/*', max_size: 10, max_files: 2 } });
    // A drop or the picker's "All files" is not held to `accept`.
    const user = userEvent.setup({ applyAccept: false });
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    await waitFor(() => expect(fileInput()).toHaveAttribute('accept', '.zip,image/*'));
    await user.type(box, 'Logs attached');
    await user.upload(fileInput(), new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }));
    expect(screen.getByRole('listitem', { name: 'tool.exe' })).toHaveTextContent('Type not allowed');
    expect(screen.getByRole('alert')).toHaveTextContent('tool.exe is not a type this site takes (.zip, image/*).');
    const image = (name: string) => new File(['png'], name, { type: 'image/png' });
    await user.upload(fileInput(), [image('one.png'), image('two.png'), image('three.png')]);
    expect(screen.getByRole('listitem', { name: 'one.png' })).toHaveTextContent('Attaches when you comment');
    expect(screen.getByRole('listitem', { name: 'two.png' })).toHaveTextContent('Attaches when you comment');
    expect(screen.getByRole('listitem', { name: 'three.png' })).toHaveTextContent('Too many files');
    expect(screen.getByText('At most 2 files can be attached at once; three.png was left out.')).toBeInTheDocument();
    expect(box).toHaveValue('Logs attached');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(uploads.map((u) => u.name)).toEqual(['one.png', 'two.png']));
    expect(comments).toHaveLength(1);
  });

  it('offers no attach buttons when the site has attachments switched off', async () => {
    setup({ viewer: alice, settings: { enabled: false, allowed_types: '*/*', max_size: 10, max_files: 5 } });
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Comment' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Actions for issue description by alice' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Edit issue description' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull();
  });

  it('takes files dropped on the comment box', async () => {
    setup();
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    const file = new File(['dropped'], 'drop.txt');
    fireEvent.drop(box, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(await screen.findByRole('listitem', { name: 'drop.txt' })).toHaveTextContent('Attaches when you comment');
  });

  it('lets a writer delete an attachment after confirming', async () => {
    let deleted: string | null = null;
    server.use(
      http.delete(apiUrl('/repos/alice/tools/issues/3/assets/:aid'), ({ params }) => {
        deleted = String(params.aid);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { issueAssets } = setup({ viewer: fakeUser({ id: 9, login: 'maint' }), push: true });
    issueAssets.push(attachment(7, 'old.zip'));
    const user = userEvent.setup();
    const article = await screen.findByRole('article', { name: 'Description by alice' });
    await user.click(await within(article).findByRole('button', { name: 'Delete old.zip' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete attachment?' });
    expect(dialog).toHaveTextContent('old.zip will be removed for everyone');
    expect(deleted).toBeNull();
    issueAssets.length = 0;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe('7'));
    await waitFor(() => expect(within(article).queryByRole('link', { name: 'old.zip' })).toBeNull());
  });

  it('offers no Delete on attachments to readers who may not change them', async () => {
    const { issueAssets } = setup({ viewer: bob });
    issueAssets.push(attachment(7, 'old.zip'));
    const article = await screen.findByRole('article', { name: 'Description by alice' });
    expect(await within(article).findByRole('link', { name: 'old.zip' })).toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Delete old.zip' })).toBeNull();
  });
});
