import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { CreateBranchDialog } from './create-branch-dialog';

setupMswServer();
afterEach(cleanup);

function renderDialog(onClose = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <CreateBranchDialog owner="alice" repo="hello" open onClose={onClose} defaultFrom="main" branches={['main', 'dev']} tags={['v1.0']} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('create branch dialog', () => {
  it('shows a 409 beside the name field and keeps what was typed', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/repos/alice/hello/branches'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'The branch already exists.', url: '' }, { status: 409 });
      }),
    );
    const onClose = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Branch name'), 'dev');
    await user.clear(screen.getByLabelText('Create from'));
    await user.type(screen.getByLabelText('Create from'), 'v1.0');
    await user.click(screen.getByRole('button', { name: 'Create branch' }));

    expect(await screen.findByText('The branch already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('Branch name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Branch name')).toHaveValue('dev');
    expect(screen.getByLabelText('Create from')).toHaveValue('v1.0');
    expect(body).toEqual({ new_branch_name: 'dev', old_ref_name: 'v1.0' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a 422 name error inside the dialog', async () => {
    server.use(
      http.post(apiUrl('/repos/alice/hello/branches'), () =>
        HttpResponse.json({ message: 'new_branch_name: is not a valid branch name', url: '' }, { status: 422 }),
      ),
    );
    renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Branch name'), 'fine-name');
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    expect(await screen.findByText('This is not a valid branch name')).toBeInTheDocument();
    expect(screen.getByLabelText('Branch name')).toHaveValue('fine-name');
  });

  it('puts an unknown starting point beside the "from" field', async () => {
    server.use(http.post(apiUrl('/repos/alice/hello/branches'), () => HttpResponse.json({ message: 'old ref not found', url: '' }, { status: 404 })));
    renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Branch name'), 'topic');
    await user.clear(screen.getByLabelText('Create from'));
    await user.type(screen.getByLabelText('Create from'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    expect(await screen.findByText('old ref not found')).toBeInTheDocument();
    expect(screen.getByLabelText('Create from')).toHaveAttribute('aria-invalid', 'true');
  });

  it('closes after creating', async () => {
    server.use(http.post(apiUrl('/repos/alice/hello/branches'), () => HttpResponse.json({ name: 'topic' }, { status: 201 })));
    const onClose = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Branch name'), 'topic');
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('checks the name with the git rules before sending, and words a server refusal as a sentence', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('/repos/alice/hello/branches'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'new_branch_name: invalid branch name "x.lock"', url: '' }, { status: 422 });
      }),
    );
    renderDialog();
    const user = userEvent.setup();
    const name = screen.getByLabelText('Branch name');
    await user.type(name, 'my branch');
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    expect(name).toHaveAccessibleDescription('A branch name cannot contain spaces or control characters.');
    expect(sent).toEqual([]);
    await user.clear(name);
    await user.type(name, 'x.lock2');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    // The server may still refuse (here it answers as if "x.lock"): its message becomes a sentence.
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('No part of a branch name may end with “.lock”.'));
    expect(sent).toHaveLength(1);
  });
});
