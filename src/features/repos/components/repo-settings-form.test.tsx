import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, server, setupMswServer } from '@/test/msw';
import { RepoSettingsForm, settingsErrors } from './repo-settings-form';
import { ApiError } from '@/lib/api/api-error';

setupMswServer();
afterEach(cleanup);

function renderForm(onRenamed = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <RepoSettingsForm repo={fakeRepo({ name: 'hello-forge', description: 'old' })} branches={['main', 'dev']} onRenamed={onRenamed} />
    </QueryClientProvider>,
  );
  return onRenamed;
}

describe('repository settings form', () => {
  it('sends only what changed and reports a rename', async () => {
    let body: unknown;
    server.use(
      http.patch(apiUrl('/repos/alice/hello-forge'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(fakeRepo({ name: 'renamed', description: 'new', has_issues: false, default_branch: 'dev' }));
      }),
    );
    const onRenamed = renderForm();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Repository name'));
    await user.type(screen.getByLabelText('Repository name'), 'renamed');
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'new');
    await user.selectOptions(screen.getByLabelText('Default branch'), 'dev');
    await user.click(screen.getByRole('switch', { name: /Issues/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(onRenamed).toHaveBeenCalledWith('renamed'));
    expect(body).toEqual({ name: 'renamed', description: 'new', default_branch: 'dev', has_issues: false });
  });

  it('offers a switch only for the units this forge has pages for', () => {
    renderForm();
    expect(screen.getAllByRole('switch').map((s) => s.getAttribute('name'))).toEqual(['has_issues', 'has_pull_requests']);
    expect(screen.queryByRole('switch', { name: /Wiki|Projects|Releases/ })).toBeNull();
  });

  it('sends the merge styles the repository allows and its default style', async () => {
    let body: unknown;
    server.use(
      http.patch(apiUrl('/repos/alice/hello-forge'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(fakeRepo({ name: 'hello-forge' }));
      }),
    );
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Rebase and fast-forward' }));
    await user.selectOptions(screen.getByLabelText('Default merge style'), 'squash');
    await user.click(screen.getByRole('checkbox', { name: /Delete the head branch after merge/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(body).toEqual({ allow_rebase: false, default_merge_style: 'squash', default_delete_branch_after_merge: true }));
  });

  it('shows a refused name beside the name field and keeps the input', async () => {
    server.use(
      http.patch(apiUrl('/repos/alice/hello-forge'), () =>
        HttpResponse.json({ message: 'repo name is already taken [name: taken]', url: '' }, { status: 422 }),
      ),
    );
    renderForm();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Repository name'));
    await user.type(screen.getByLabelText('Repository name'), 'taken');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Repo name is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Repository name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Repository name')).toHaveValue('taken');
  });

  it('checks a new name with the server rule before saving', async () => {
    let sent = 0;
    server.use(http.patch(apiUrl('/repos/alice/hello-forge'), () => (sent++, HttpResponse.json(fakeRepo()))));
    renderForm();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Repository name'));
    await user.type(screen.getByLabelText('Repository name'), 'site.git');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByLabelText('Repository name')).toHaveAccessibleDescription('A repository name cannot end in “.git”.');
    expect(sent).toBe(0);
  });

  it('maps "field: reason" messages to their field', () => {
    expect(settingsErrors(new ApiError(422, { message: 'website: must be a valid http or https URL' })).fields).toEqual({
      website: 'Must be a valid http or https URL',
    });
    expect(settingsErrors(new ApiError(500, { message: 'boom' })).general).toBe('boom');
  });
});
