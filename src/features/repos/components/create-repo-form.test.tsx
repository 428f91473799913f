import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { CreateRepoForm } from './create-repo-form';

setupMswServer();

function renderForm(onCreated = vi.fn()) {
  renderRoute(() => <CreateRepoForm owner="alice" onCreated={onCreated} />);
  return onCreated;
}

async function fillAndSubmit(name = 'bad name!') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Repository name'), name);
  await user.type(screen.getByLabelText('Description'), 'Things I keep');
  await user.click(screen.getByLabelText(/make repository private/i));
  await user.selectOptions(screen.getByLabelText('License'), 'MIT');
  await user.click(screen.getByRole('button', { name: 'Create repository' }));
  return user;
}

describe('CreateRepoForm', () => {
  it('checks the name with the server rule before sending, and keeps what was typed', async () => {
    let sent = 0;
    server.use(http.post(apiUrl('/user/repos'), () => (sent++, HttpResponse.json(fakeRepo()))));
    renderForm();
    await fillAndSubmit();

    const name = screen.getByLabelText('Repository name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Use only letters, digits, dashes (-), underscores (_) and dots (.).');
    expect(sent).toBe(0);
    expect(name).toHaveValue('bad name!');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Description')).toHaveValue('Things I keep');
    expect(screen.getByLabelText(/make repository private/i)).toBeChecked();
    expect(screen.getByLabelText('License')).toHaveValue('MIT');
  });

  it('turns the server refusal into a sentence under the Name field', async () => {
    server.use(http.post(apiUrl('/user/repos'), () => HttpResponse.json({ message: 'name: name is reserved [name: assets]', url: '' }, { status: 422 })));
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Repository name'), 'assets');
    await user.click(screen.getByRole('button', { name: 'Create repository' }));
    await waitFor(() => expect(screen.getByLabelText('Repository name')).toHaveAccessibleDescription('“assets” is reserved.'));
  });

  it('says the name is taken on 409', async () => {
    server.use(
      http.post(apiUrl('/user/repos'), () => HttpResponse.json({ message: 'The repository with the same name already exists.', url: '' }, { status: 409 })),
    );
    renderForm();
    await fillAndSubmit('notes');
    expect(await screen.findByText('A repository with this name already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Repository name')).toHaveAccessibleDescription('A repository with this name already exists');
  });

  it('shows other failures in an alert', async () => {
    server.use(http.post(apiUrl('/user/repos'), () => HttpResponse.json({ message: 'disk full', url: '' }, { status: 500 })));
    renderForm();
    await fillAndSubmit('notes');
    expect(await screen.findByRole('alert')).toHaveTextContent('disk full');
    expect(screen.getByLabelText('Repository name')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the chosen options and hands back the new repository', async () => {
    let body: unknown;
    const created = fakeRepo({ name: 'notes' });
    server.use(
      http.post(apiUrl('/user/repos'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const onCreated = renderForm();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('.gitignore'), 'Node');
    // Enter in a text field submits, as in any form.
    await user.type(screen.getByLabelText('Repository name'), 'notes{Enter}');
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(onCreated.mock.calls[0][0]).toMatchObject({ full_name: 'alice/notes' });
    expect(body).toEqual({
      name: 'notes',
      description: '',
      private: false,
      template: false,
      auto_init: true,
      default_branch: 'main',
      readme: 'Default',
      gitignores: 'Node',
    });
  });
});
