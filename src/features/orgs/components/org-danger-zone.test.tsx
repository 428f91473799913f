import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { OrgDangerZone } from './org-danger-zone';

setupMswServer();

function renderZone() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onRenamed = vi.fn();
  const onDeleted = vi.fn();
  render(
    <QueryClientProvider client={qc}>
      <OrgDangerZone org="acme" onRenamed={onRenamed} onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
  return { onRenamed, onDeleted };
}

describe('OrgDangerZone', () => {
  it('renames with a warning about links', async () => {
    let sent: unknown;
    server.use(
      http.post(apiUrl('/orgs/acme/rename'), async ({ request }) => {
        sent = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { onRenamed } = renderZone();
    expect(screen.getByRole('note')).toHaveTextContent(/Links to the old name/);
    const user = userEvent.setup();
    const field = screen.getByLabelText('Rename organization');
    expect(screen.getByRole('button', { name: 'Rename' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'acme-labs');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(onRenamed).toHaveBeenCalledWith('acme-labs'));
    expect(sent).toEqual({ new_name: 'acme-labs' });
  });

  it("needs the name typed to delete, and shows the server's reason when it refuses", async () => {
    server.use(
      http.delete(apiUrl('/orgs/acme'), () => HttpResponse.json({ message: 'organization still has ownership of repositories', url: '' }, { status: 422 })),
    );
    const { onDeleted } = renderZone();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete organization' }));
    const dialog = screen.getByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete this organization' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/to confirm/), 'acm');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/to confirm/), 'e');
    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The organization still owns repositories: delete or transfer them first.');
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
