import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import type { components } from '@/lib/api/schema';
import { fakePull } from '../test/list-fixtures';
import { PullReviewers, type PullReviewersProps } from './pull-sidebar';

setupMswServer();

const alice = fakeUser({ id: 1, login: 'alice' });
const bob = fakeUser({ id: 2, login: 'bob' });
const carol = fakeUser({ id: 3, login: 'carol' });
const dave = fakeUser({ id: 4, login: 'dave' });
const erin = fakeUser({ id: 5, login: 'erin' });

function setup(over: Partial<PullReviewersProps> = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const props: PullReviewersProps = {
    owner: 'alice',
    repo: 'hello',
    pull: fakePull({ number: 4, user: alice, requested_reviewers: [erin] }),
    reviewers: [
      { user: bob, state: 'APPROVED', dismissed: false, stale: false },
      { user: carol, state: 'REQUEST_CHANGES', dismissed: false, stale: false },
      { user: dave, state: 'COMMENT', dismissed: true, stale: false },
    ],
    canRequest: false,
    ...over,
  };
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <PullReviewers {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

function fakeTeam(id: number, name: string): components['schemas']['Team'] {
  return {
    id,
    name,
    description: '',
    includes_all_repositories: false,
    permission: 'write',
    organization: {
      id: 9,
      name: 'acme',
      username: 'acme',
      full_name: '',
      email: '',
      avatar_url: '',
      description: '',
      website: '',
      location: '',
      visibility: 'public',
      repo_admin_change_team_access: false,
    },
    units: ['repo.code', 'repo.pulls'],
    units_map: { 'repo.code': 'write', 'repo.pulls': 'write' },
    can_create_org_repo: false,
  };
}

const rows = () => within(screen.getByRole('list', { name: 'Reviewers of this pull request' })).getAllByRole('listitem');

describe('reviewers in the sidebar', () => {
  it('shows where each reviewer stands, dismissed reviews marked, and requests still unanswered', () => {
    setup();
    expect(rows().map((r) => r.textContent)).toEqual(['bob✓Approved', 'carol±Changes requested', 'dave…Commented (dismissed)', 'erin◎Review requested']);
    expect(screen.queryByRole('button', { name: 'Request review' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove review request/ })).toBeNull();
  });

  it('lets a writer request a review from someone the repository can assign, found by name', async () => {
    let body: unknown;
    server.use(
      http.get(apiUrl('/repos/alice/hello/assignees'), () =>
        HttpResponse.json([alice, fakeUser({ id: 6, login: 'frank' }), fakeUser({ id: 7, login: 'gina' })]),
      ),
      // A user's repository has no teams.
      http.get(apiUrl('/repos/alice/hello/teams'), () => HttpResponse.json([])),
      http.post(apiUrl('/repos/alice/hello/pulls/4/requested_reviewers'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json([], { status: 201 });
      }),
    );
    const user = setup({ canRequest: true });
    await user.click(screen.getByRole('button', { name: 'Request review' }));
    await user.type(screen.getByLabelText('Request a review from'), 'f');
    const found = await screen.findByRole('list', { name: 'Matching users' });
    // The poster cannot review their own pull request.
    await waitFor(() =>
      expect(
        within(found)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['frank']),
    );
    await user.click(within(found).getByRole('button', { name: 'frank' }));
    await waitFor(() => expect(body).toEqual({ reviewers: ['frank'] }));
    expect(screen.queryByRole('list', { name: 'Or from a team' })).toBeNull();
  });

  it('lets a writer take back a request, and shows a refusal', async () => {
    let body: unknown;
    server.use(
      http.delete(apiUrl('/repos/alice/hello/pulls/4/requested_reviewers'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'reviewer not requested', url: '' }, { status: 422 });
      }),
    );
    const user = setup({ canRequest: true });
    await user.click(screen.getByRole('button', { name: 'Remove review request for erin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('reviewer not requested');
    expect(body).toEqual({ reviewers: ['erin'] });
  });

  it('lists the teams asked for a review; a writer asks another of the repository’s teams and takes one back', async () => {
    const core = fakeTeam(11, 'core');
    const docs = fakeTeam(12, 'docs');
    const posted: unknown[] = [];
    const deleted: unknown[] = [];
    server.use(
      http.get(apiUrl('/repos/acme/hello/teams'), () => HttpResponse.json([core, docs])),
      http.post(apiUrl('/repos/acme/hello/pulls/4/requested_reviewers'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json([], { status: 201 });
      }),
      http.delete(apiUrl('/repos/acme/hello/pulls/4/requested_reviewers'), async ({ request }) => {
        deleted.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = setup({
      owner: 'acme',
      canRequest: true,
      reviewers: [],
      pull: fakePull({ number: 4, user: alice, requested_reviewers: [erin], requested_reviewers_teams: [core] }),
    });
    expect(rows().map((r) => r.textContent)).toEqual(['erin◎Review requested×', '⚇Team core◎Review requested×']);
    expect(screen.getByRole('link', { name: 'core' })).toHaveAttribute('href', '/org/acme/teams/core');

    await user.click(screen.getByRole('button', { name: 'Request review' }));
    // Teams already asked are not offered again.
    const offered = await screen.findByRole('list', { name: 'Or from a team' });
    expect(
      within(offered)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Request a review from team docs']);
    await user.click(within(offered).getByRole('button', { name: 'Request a review from team docs' }));
    await waitFor(() => expect(posted).toEqual([{ team_reviewers: ['docs'] }]));

    await user.click(screen.getByRole('button', { name: 'Remove review request for team core' }));
    await waitFor(() => expect(deleted).toEqual([{ team_reviewers: ['core'] }]));
  });

  it('shows requested teams to readers without the buttons', () => {
    setup({ reviewers: [], pull: fakePull({ number: 4, user: alice, requested_reviewers_teams: [fakeTeam(11, 'core')] }) });
    expect(rows().map((r) => r.textContent)).toEqual(['⚇Team core◎Review requested']);
    expect(screen.queryByRole('button', { name: /Remove review request/ })).toBeNull();
    expect(screen.getByRole('region', { name: 'Reviewers' })).not.toHaveTextContent('No reviews');
  });

  it('says so when nobody reviewed or was asked', () => {
    setup({ pull: fakePull(), reviewers: [] });
    expect(screen.getByRole('region', { name: 'Reviewers' })).toHaveTextContent('No reviews');
  });
});
