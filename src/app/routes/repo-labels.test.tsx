import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { fakeLabel } from '@/features/issues/test/fixtures';
import { Component } from './repo-labels';

setupMswServer();

const route = { path: '/:owner/:repo/labels', url: '/alice/hello/labels' };

function setup(permissions = { admin: false, push: true, pull: true }) {
  const created: unknown[] = [];
  const labels = [fakeLabel({ id: 1, name: 'bug', color: 'b60205', description: 'Something is broken' })];
  server.use(
    http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello', permissions }))),
    http.get(apiUrl('/repos/alice/hello/labels'), () => HttpResponse.json(labels)),
    http.get(apiUrl('/repos/alice/hello/issues'), () => HttpResponse.json([], { headers: { 'X-Total-Count': '4' } })),
    http.post(apiUrl('/repos/alice/hello/labels'), async ({ request }) => {
      const body = (await request.json()) as { name: string; color: string };
      created.push(body);
      const l = fakeLabel({ id: 2, name: body.name, color: body.color.slice(1) });
      labels.push(l);
      return HttpResponse.json(l, { status: 201 });
    }),
  );
  return created;
}

describe('labels page', () => {
  it('lists labels with their open issue counts linking to the filtered list', async () => {
    setup();
    renderRoute(Component, route);
    const list = await screen.findByRole('list', { name: 'Labels' });
    expect(within(list).getByText('Something is broken')).toBeInTheDocument();
    expect(await within(list).findByRole('link', { name: '4 open issues' })).toHaveAttribute('href', '/alice/hello/issues?labels=bug');
    expect(within(list).getByRole('button', { name: 'Edit label bug' })).toBeInTheDocument();
  });

  it('refuses a colour that is not hex, then creates the label with a valid one', async () => {
    const created = setup();
    renderRoute(Component, route);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New label' }));
    const form = screen.getByRole('region', { name: 'New label' });
    await user.type(within(form).getByLabelText('Name'), 'needs-info');
    const hex = within(form).getByRole('textbox', { name: 'Colour' });
    await user.clear(hex);
    await user.type(hex, '#12zz45');
    await user.click(within(form).getByRole('button', { name: 'Create label' }));
    expect(hex).toHaveAccessibleDescription('Enter a colour as #rrggbb, e.g. #1d76db');
    expect(created).toHaveLength(0);

    // A three-digit colour is fine and is sent expanded; a preset sets the field too.
    await user.clear(hex);
    await user.type(hex, '#1a2');
    expect(hex).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(form).getByRole('button', { name: 'Create label' }));
    await waitFor(() => expect(created).toEqual([{ name: 'needs-info', description: '', color: '#11aa22', exclusive: false }]));
    expect(await screen.findByText('needs-info')).toBeInTheDocument();
  });

  it('hides the edit controls from readers', async () => {
    setup({ admin: false, push: false, pull: true });
    renderRoute(Component, route);
    await screen.findByRole('list', { name: 'Labels' });
    expect(screen.queryByRole('button', { name: 'New label' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit label/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete label/ })).not.toBeInTheDocument();
  });
});
