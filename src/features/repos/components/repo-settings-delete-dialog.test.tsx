import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { RepoSettingsDeleteDialog } from './repo-settings-delete-dialog';

setupMswServer();
afterEach(cleanup);

function renderDialog(onDeleted = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <RepoSettingsDeleteDialog owner="alice" repo="hello-forge" open onClose={() => {}} onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
  return onDeleted;
}

describe('delete repository dialog', () => {
  it('enables the delete button only when owner/name is typed exactly, then deletes', async () => {
    let deleted = false;
    server.use(
      http.delete(apiUrl('/repos/alice/hello-forge'), () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const onDeleted = renderDialog();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Delete this repository' });
    const input = screen.getByLabelText(/to confirm/);
    expect(button).toBeDisabled();

    await user.type(input, 'hello-forge');
    expect(button).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'Alice/hello-forge');
    expect(button).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'alice/hello-forg');
    expect(button).toBeDisabled();
    // Enter must not bypass the check either.
    await user.type(input, '{Enter}');
    expect(deleted).toBe(false);

    await user.type(input, 'e');
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(deleted).toBe(true);
  });

  it('shows why the server refused', async () => {
    server.use(
      http.delete(apiUrl('/repos/alice/hello-forge'), () =>
        HttpResponse.json({ message: 'you are not an admin of this repository', url: '' }, { status: 403 }),
      ),
    );
    const onDeleted = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/to confirm/), 'alice/hello-forge');
    await user.click(screen.getByRole('button', { name: 'Delete this repository' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('you are not an admin of this repository');
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
