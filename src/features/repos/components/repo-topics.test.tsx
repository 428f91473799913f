import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { RepoTopics } from './repo-topics';

setupMswServer();

const admin = { admin: true, push: true, pull: true };
const reader = { admin: false, push: false, pull: true };

describe('RepoTopics', () => {
  it('links each topic to the repositories that carry it, and offers readers no editing', () => {
    renderRoute(() => <RepoTopics repo={fakeRepo({ topics: ['cli', 'go'], permissions: reader })} />);
    const list = screen.getByRole('list', { name: 'Topics' });
    expect(within(list).getByRole('link', { name: 'cli' })).toHaveAttribute('href', '/explore/repos?q=cli&topic=1');
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Manage topics' })).not.toBeInTheDocument();
  });

  it('checks the names before saving and keeps what was typed', async () => {
    let sent = 0;
    server.use(http.put(apiUrl('/repos/alice/hello-forge/topics'), () => (sent++, new HttpResponse(null, { status: 204 }))));
    renderRoute(() => <RepoTopics repo={fakeRepo({ topics: ['cli'], permissions: admin })} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Manage topics' }));
    const field = screen.getByLabelText('Topics');
    expect(field).toHaveValue('cli');
    await user.type(field, ' Bad_Name');
    await user.click(screen.getByRole('button', { name: 'Save topics' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('“bad_name” is not a valid topic');
    expect(field).toHaveValue('cli Bad_Name');
    expect(sent).toBe(0);
    // Escape leaves the editor, and the focus goes back where it was.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Manage topics' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage topics' })).toHaveFocus();
  });

  it('saves the topics, lower-cased and without repeats, and shows the server refusal beside the field', async () => {
    const bodies: unknown[] = [];
    let refuse = true;
    server.use(
      http.put(apiUrl('/repos/alice/hello-forge/topics'), async ({ request }) => {
        bodies.push(await request.json());
        return refuse
          ? HttpResponse.json({ message: 'Topic names are invalid', invalidTopics: ['web'], url: '' }, { status: 422 })
          : new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute(() => <RepoTopics repo={fakeRepo({ topics: [], permissions: admin })} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Manage topics' }));
    await user.type(screen.getByLabelText('Topics'), 'Web, api web{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Topic names are invalid: web');
    expect(bodies).toEqual([{ topics: ['web', 'api'] }]);
    expect(screen.getByLabelText('Topics')).toHaveValue('Web, api web');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save topics' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Manage topics' })).not.toBeInTheDocument());
    expect(bodies).toHaveLength(2);
  });
});
