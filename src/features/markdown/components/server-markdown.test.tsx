// A README the server renders (POST /markdown), and the browser's renderer when the server will not.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { createQueryClient } from '@/app/query-client';
import { ServerMarkdown } from './server-markdown';

setupMswServer();

function show(key: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ServerMarkdown source="# Hi" context="/o/r/src/branch/main" sourceKey={key} fallback={<p>rendered in the browser</p>} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ServerMarkdown', () => {
  it("shows the server's HTML", async () => {
    server.use(http.post(apiUrl('/markdown'), () => new HttpResponse('<h1 id="user-content-hi">Hi</h1>', { headers: { 'Content-Type': 'text/html' } })));
    show('a');
    expect(await screen.findByRole('heading', { name: 'Hi' })).toHaveAttribute('id', 'user-content-hi');
  });

  it.each([
    [404, 'a server without POST /markdown'],
    [405, 'a server that takes no POST there'],
    [401, 'a server that wants a sign-in to render'],
    [403, 'a server that refuses'],
  ])('falls back to the browser at the first %i (%s), without asking again', async (status) => {
    let asked = 0;
    server.use(
      http.post(apiUrl('/markdown'), () => {
        asked += 1;
        return HttpResponse.json({ message: 'no', url: '' }, { status });
      }),
    );
    show(`b${status}`);
    expect(await screen.findByText('rendered in the browser')).toBeInTheDocument();
    expect(asked).toBe(1);
  });
});
