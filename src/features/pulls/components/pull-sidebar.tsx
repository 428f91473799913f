// The pull request's part of the sidebar: its reviewers. Who was asked and has not answered, and
// where each reviewer stands (approved ✓, changes requested, commented; dismissed ones struck
// through); teams asked for a review (an organization's repository). Writers request reviews from
// people or teams and take requests back here.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { UserPicker } from '@/components/ui/user-picker';
import { errorMessage } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import type { components } from '@/lib/api/schema';
import { pullQueries, type PullRequest } from '../api/pull-queries';
import { useRequestReviewers } from '../api/use-request-reviewers';

type User = components['schemas']['User'];
type Team = components['schemas']['Team'];

/** Where one reviewer stands (the reviews feature computes it from the reviews; the page passes it in). */
export interface ReviewerStanding {
  user: User;
  state: 'APPROVED' | 'REQUEST_CHANGES' | 'COMMENT' | 'REQUEST_REVIEW';
  dismissed: boolean;
  stale: boolean;
}

const stateView: Record<ReviewerStanding['state'], { text: string; glyph: string; tone: string }> = {
  APPROVED: { text: 'Approved', glyph: '✓', tone: 'text-green-700 dark:text-green-400' },
  REQUEST_CHANGES: { text: 'Changes requested', glyph: '±', tone: 'text-red-700 dark:text-red-400' },
  COMMENT: { text: 'Commented', glyph: '…', tone: 'text-gray-600 dark:text-gray-400' },
  REQUEST_REVIEW: { text: 'Review requested', glyph: '◎', tone: 'text-amber-700 dark:text-amber-400' },
};

const muted = 'text-gray-500 dark:text-gray-400';
const linkButton = 'text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400';

export interface PullReviewersProps {
  owner: string;
  repo: string;
  pull: PullRequest;
  reviewers: ReviewerStanding[];
  /** Writers may request and remove reviews (the server checks again). */
  canRequest: boolean;
}

export function PullReviewers({ owner, repo, pull, reviewers, canRequest }: PullReviewersProps) {
  const [picking, setPicking] = useState(false);
  const request = useRequestReviewers(owner, repo, pull.number);
  // A request with no answer yet may only be on the pull request (Gitea lists it there first).
  const known = new Set(reviewers.map((r) => r.user.id));
  const rows: ReviewerStanding[] = [
    ...reviewers,
    ...pull.requested_reviewers.filter((u) => !known.has(u.id)).map((user) => ({ user, state: 'REQUEST_REVIEW' as const, dismissed: false, stale: false })),
  ];
  const requested = rows.filter((r) => r.state === 'REQUEST_REVIEW').map((r) => r.user.login);
  const teamRows = pull.requested_reviewers_teams;
  // The repository's teams, asked for only once the picker is open (a user's repository has none).
  const teams = useQuery({ ...pullQueries.reviewerTeams(owner, repo), enabled: picking });
  const teamChoices = (teams.data ?? []).filter((t) => !teamRows.some((r) => r.id === t.id));
  const empty = rows.length === 0 && teamRows.length === 0;
  const teamLabelId = useId();

  return (
    <section aria-label="Reviewers" className="border-b border-gray-200 py-3 text-sm dark:border-gray-800">
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <h2 className="font-semibold text-gray-700 dark:text-gray-300">Reviewers</h2>
        {canRequest && (
          <button type="button" className={linkButton} aria-expanded={picking} onClick={() => (request.reset(), setPicking(!picking))}>
            {picking ? 'Close' : 'Request review'}
          </button>
        )}
      </div>
      {picking && (
        <UserPicker
          label="Request a review from"
          search={pullQueries.reviewerCandidates(owner, repo)}
          exclude={[pull.user.login, ...requested]}
          disabled={request.isPending}
          onPick={(login) => request.mutate({ add: [login] })}
        />
      )}
      {picking && teamChoices.length > 0 && (
        <div className="mb-2">
          <p id={teamLabelId} className="mb-1 text-xs text-gray-600 dark:text-gray-400">
            Or from a team
          </p>
          <ul aria-labelledby={teamLabelId} className="flex flex-wrap gap-1.5">
            {teamChoices.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  className="rounded-full border border-gray-300 px-2 py-0.5 text-xs hover:bg-gray-100 disabled:opacity-60 dark:border-gray-700 dark:hover:bg-gray-800"
                  aria-label={`Request a review from team ${t.name}`}
                  disabled={request.isPending}
                  onClick={() => request.mutate({ addTeams: [t.name] })}
                >
                  <TeamGlyph /> {t.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {request.isError && (
        <p role="alert" className="mb-2 text-xs text-red-600 dark:text-red-400">
          {errorMessage(request.error)}
        </p>
      )}
      {empty ? (
        <p className={muted}>No reviews</p>
      ) : (
        <ul className="space-y-1.5" aria-label="Reviewers of this pull request">
          {rows.map((r) => {
            const view = stateView[r.state];
            return (
              <li key={r.user.id} className="flex items-center gap-2">
                <Avatar src={r.user.avatar_url} name={r.user.login} size={20} />
                <Link to={paths.user.href(r.user.login)} className="min-w-0 flex-1 truncate hover:underline">
                  {r.user.login}
                </Link>
                <span
                  className={`inline-flex items-center gap-1 text-xs ${r.dismissed ? `${muted} line-through` : view.tone}`}
                  title={r.stale ? 'Made on an older commit' : undefined}
                >
                  <span aria-hidden>{view.glyph}</span>
                  {view.text}
                  {r.dismissed && <span className="sr-only"> (dismissed)</span>}
                </span>
                {canRequest && r.state === 'REQUEST_REVIEW' && (
                  <button
                    type="button"
                    className="rounded px-1 text-gray-500 hover:bg-gray-200 hover:text-gray-800 dark:text-gray-400 dark:hover:bg-gray-700 dark:hover:text-gray-100"
                    aria-label={`Remove review request for ${r.user.login}`}
                    disabled={request.isPending}
                    onClick={() => request.mutate({ remove: [r.user.login] })}
                  >
                    ×
                  </button>
                )}
              </li>
            );
          })}
          {teamRows.map((t) => (
            <TeamRow
              key={`team-${t.id}`}
              team={t}
              canRemove={canRequest}
              disabled={request.isPending}
              onRemove={() => request.mutate({ removeTeams: [t.name] })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

const TeamGlyph = () => (
  <span aria-hidden className="text-gray-500 dark:text-gray-400">
    ⚇
  </span>
);

/** A team asked for a review: waiting until one of its members approves or requests changes. */
function TeamRow({ team, canRemove, disabled, onRemove }: { team: Team; canRemove: boolean; disabled: boolean; onRemove: () => void }) {
  const view = stateView.REQUEST_REVIEW;
  const org = team.organization?.name;
  return (
    <li className="flex items-center gap-2">
      <span className="inline-flex w-5 justify-center">
        <TeamGlyph />
      </span>
      <span className="min-w-0 flex-1 truncate">
        <span className="sr-only">Team </span>
        {org ? (
          <Link to={paths.orgTeam.href(org, team.name)} className="hover:underline">
            {team.name}
          </Link>
        ) : (
          team.name
        )}
      </span>
      <span className={`inline-flex items-center gap-1 text-xs ${view.tone}`}>
        <span aria-hidden>{view.glyph}</span>
        {view.text}
      </span>
      {canRemove && (
        <button
          type="button"
          className="rounded px-1 text-gray-500 hover:bg-gray-200 hover:text-gray-800 dark:text-gray-400 dark:hover:bg-gray-700 dark:hover:text-gray-100"
          aria-label={`Remove review request for team ${team.name}`}
          disabled={disabled}
          onClick={onRemove}
        >
          ×
        </button>
      )}
    </li>
  );
}
