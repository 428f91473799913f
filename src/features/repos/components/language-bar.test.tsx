import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { LanguageBar, languageShares } from './language-bar';

setupMswServer();

describe('LanguageBar', () => {
  it('lists the languages largest first with their share of the code', async () => {
    server.use(http.get(apiUrl('/repos/alice/site/languages'), () => HttpResponse.json({ CSS: 100, Go: 300, TypeScript: 600 })));
    renderRoute(() => <LanguageBar owner="alice" repo="site" />);
    const list = await screen.findByRole('list', { name: 'Languages' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['TypeScript 60%', 'Go 30%', 'CSS 10%']);
  });

  it('shows nothing for a repository without code or a server without the route', async () => {
    let asked = 0;
    server.use(http.get(apiUrl('/repos/alice/docs/languages'), () => (asked++, HttpResponse.json({}))));
    server.use(http.get(apiUrl('/repos/alice/old/languages'), () => (asked++, new HttpResponse('404 page not found', { status: 404 }))));
    renderRoute(() => (
      <>
        <LanguageBar owner="alice" repo="docs" />
        <LanguageBar owner="alice" repo="old" />
      </>
    ));
    await waitFor(() => expect(asked).toBe(2));
    expect(screen.queryByRole('list', { name: 'Languages' })).not.toBeInTheDocument();
  });

  it('rounds shares to one decimal and greys languages without a colour of their own', () => {
    expect(languageShares({ Zig: 1, Go: 2 })).toEqual([
      { name: 'Go', percent: 66.7, color: '#00ADD8' },
      { name: 'Zig', percent: 33.3, color: '#9ca3af' },
    ]);
  });
});
