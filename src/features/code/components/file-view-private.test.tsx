// Raw and Download of a private repository's files: the token goes in a header, the bytes come
// back as a blob that opens as plain text (nothing runs) or saves under the file's name.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { server, setupMswServer } from '@/test/msw';
import { apiRoot } from '@/lib/config';
import { setSession } from '@/lib/auth-store';
import type { ContentsResponse } from '../api/contents-queries';
import { b64, fakeFile } from '../test-fixtures';
import { FileView } from './file-view';

setupMswServer();

const rawHref = () => `${apiRoot()}/repos/o/secret/raw/src/page.html?ref=main`;

const file = (name: string, content: string | null, size = 10) => fakeFile(name, content, { size });

function renderFile(f: ContentsResponse, privateRepo = true) {
  const router = createMemoryRouter(
    [{ path: '*', element: <FileView file={f} rawHref={rawHref()} historyHref="/o/secret/commits/branch/main" privateRepo={privateRepo} /> }],
    {
      initialEntries: ['/o/secret/src/branch/main/src/x'],
    },
  );
  return render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
}

/** What the page handed to the browser: the blob behind each object URL and the anchor clicked. */
function captureHandOuts() {
  const blobs: Blob[] = [];
  const anchors: { target: string; rel: string; download: string; href: string }[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => (blobs.push(b), `blob:test/${blobs.length}`)), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    anchors.push({ target: this.target, rel: this.rel, download: this.download, href: this.href });
  });
  return { blobs, anchors };
}

/** Works for jsdom blobs (made in the page) and Node ones (from fetch) alike. */
const readText = (b: Blob) => b.text();

beforeEach(() => setSession({ token: 'tok-123', login: 'owner' }));
afterEach(() => {
  setSession(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('FileView of a private repository', () => {
  it('opens Raw of a text file as text/plain in a new tab, from the bytes it already has', async () => {
    const user = userEvent.setup();
    const { blobs, anchors } = captureHandOuts();
    renderFile(file('page.html', b64('<script>alert(1)</script>\n')));
    // A plain link could not send the token, so Raw is a button here.
    expect(screen.queryByRole('link', { name: 'Raw' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Raw' }));
    await waitFor(() => expect(anchors).toHaveLength(1));
    expect(anchors[0]).toMatchObject({ target: '_blank', href: 'blob:test/1', download: '' });
    expect(anchors[0].rel).toContain('noopener');
    expect(blobs[0].type).toBe('text/plain;charset=utf-8');
    expect(await readText(blobs[0])).toBe('<script>alert(1)</script>\n');
  });

  it('fetches a file too large for the contents API with the token header', async () => {
    const user = userEvent.setup();
    const { blobs, anchors } = captureHandOuts();
    let auth: string | null = null;
    server.use(
      http.get('*/api/v1/repos/o/secret/raw/src/page.html', ({ request }) => {
        auth = request.headers.get('Authorization');
        expect(new URL(request.url).searchParams.get('ref')).toBe('main');
        return new HttpResponse('line one\nline two\n', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      }),
    );
    renderFile(file('page.html', null, 5_000_000));
    await user.click(screen.getByRole('button', { name: 'View the raw file' }));
    await waitFor(() => expect(anchors).toHaveLength(1));
    expect(auth).toBe('token tok-123');
    expect(anchors[0].target).toBe('_blank');
    expect(blobs[0].type).toBe('text/plain;charset=utf-8');
    expect(await readText(blobs[0])).toBe('line one\nline two\n');
  });

  it('downloads a binary file under its own name', async () => {
    const user = userEvent.setup();
    const { anchors } = captureHandOuts();
    renderFile(file('data.bin', btoa('\x00\x01\x02binary')));
    await user.click(screen.getByRole('button', { name: 'Download it' }));
    await waitFor(() => expect(anchors).toHaveLength(1));
    expect(anchors[0]).toMatchObject({ download: 'data.bin', target: '' });
  });

  it('says so when the raw file cannot be fetched', async () => {
    const user = userEvent.setup();
    const { anchors } = captureHandOuts();
    server.use(http.get('*/api/v1/repos/o/secret/raw/*', () => HttpResponse.json({ message: "The target couldn't be found.", url: '' }, { status: 404 })));
    renderFile(file('page.html', null, 5_000_000));
    await user.click(screen.getByRole('button', { name: 'View the raw file' }));
    expect(await screen.findByText(/Could not load page\.html: The target couldn't be found/)).toBeInTheDocument();
    expect(anchors).toHaveLength(0);
  });

  it('keeps plain links for a public repository', () => {
    renderFile(file('page.html', b64('hi\n')), false);
    expect(screen.getByRole('link', { name: 'Raw' })).toHaveAttribute('href', rawHref());
  });
});
