// README images of a private repository: fetched with the token and shown from an object URL;
// public repositories keep plain <img>, and Markdown can never bring its own blob: or data: URL.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { server, setupMswServer } from '@/test/msw';
import { apiRoot } from '@/lib/config';
import { setSession } from '@/lib/auth-store';
import { MarkdownView, type MarkdownViewProps } from './markdown-view';

setupMswServer();

const rawFolder = () => `${apiRoot()}/repos/o/secret/raw/docs/?ref=main`;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const renderMarkdown = (props: MarkdownViewProps) =>
  render(
    <MemoryRouter>
      <MarkdownView {...props} />
    </MemoryRouter>,
  );

let created: Blob[] = [];
beforeEach(() => {
  created = [];
  setSession({ token: 'tok-123', login: 'owner' });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => (created.push(b), `blob:test/${created.length}`)), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  setSession(null);
  vi.unstubAllGlobals();
});

describe('Markdown images of a private repository', () => {
  it('fetches a relative image with the token and shows it from an object URL, freed on unmount', async () => {
    let auth: string | null = null;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.get('*/api/v1/repos/o/secret/raw/docs/img/logo.png', async ({ request }) => {
        auth = request.headers.get('Authorization');
        await gate;
        return new HttpResponse(PNG, { headers: { 'Content-Type': 'image/png' } });
      }),
    );
    const view = renderMarkdown({ source: '# Docs\n\n![The logo](img/logo.png)\n', imageBaseHref: rawFolder(), privateRepo: true });
    // Until the bytes arrive a placeholder holds the place.
    const placeholder = await screen.findByRole('img', { name: 'The logo (loading)' });
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(screen.getByRole('img', { name: 'The logo' })).toHaveAttribute('src', 'blob:test/1'));
    expect(auth).toBe('token tok-123');
    expect(created[0].size).toBe(PNG.length);
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
  });

  it('shows the alt text when the image cannot be fetched', async () => {
    server.use(http.get('*/api/v1/repos/o/secret/raw/*', () => HttpResponse.json({ message: 'not found', url: '' }, { status: 404 })));
    renderMarkdown({ source: '![Architecture diagram](arch.png)\n', imageBaseHref: rawFolder(), privateRepo: true });
    expect(await screen.findByText('Architecture diagram')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('leaves images on other hosts as plain <img> (no token leaves the forge)', async () => {
    // MSW fails the test on any request it has no handler for; none must be made.
    renderMarkdown({ source: '![badge](https://img.example.org/badge.svg)\n', imageBaseHref: rawFolder(), privateRepo: true });
    expect(await screen.findByRole('img', { name: 'badge' })).toHaveAttribute('src', 'https://img.example.org/badge.svg');
  });

  it('never accepts blob: or data: URLs from the Markdown source', async () => {
    const { container } = renderMarkdown({
      source: '![a](blob:http://localhost:3000/abc)\n\n![b](data:image/png;base64,AAAA)\n\n<img src="blob:http://localhost:3000/x" alt="c">\n',
      imageBaseHref: rawFolder(),
      privateRepo: true,
    });
    await screen.findByRole('img', { name: 'a' });
    for (const img of container.querySelectorAll('img')) expect(img.getAttribute('src') ?? '').not.toMatch(/^(blob|data):/i);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});

describe('Markdown images of a public repository', () => {
  it('stay plain <img> pointing at the raw API, with no fetch by the app', async () => {
    renderMarkdown({ source: '![The logo](img/logo.png)\n', imageBaseHref: `${apiRoot()}/repos/o/open/raw/docs/?ref=main` });
    expect(await screen.findByRole('img', { name: 'The logo' })).toHaveAttribute('src', `${apiRoot()}/repos/o/open/raw/docs/img/logo.png?ref=main`);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
