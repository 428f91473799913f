// Star and Watch on the repository header: a toggle for a signed-in user and the count beside it
// (stars link to the stargazers). Signed out, only the counts show, since the server would refuse.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api/api-error';
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import type { Repository } from '../api/repo-queries';
import { starQueries } from '../api/star-queries';
import { useStarRepo, useWatchRepo } from '../api/use-star-repo';

const starIcon =
  'M8 .25a.75.75 0 0 1 .673.418l1.882 3.815 4.21.612a.75.75 0 0 1 .416 1.279l-3.046 2.97.719 4.192a.751.751 0 0 1-1.088.791L8 12.347l-3.766 1.98a.75.75 0 0 1-1.088-.79l.72-4.194L.818 6.374a.75.75 0 0 1 .416-1.28l4.21-.611L7.327.668A.75.75 0 0 1 8 .25Z';
const eyeIcon =
  'M8 2c1.981 0 3.671.992 4.933 2.078 1.27 1.091 2.187 2.345 2.637 3.023a1.62 1.62 0 0 1 0 1.798c-.45.678-1.367 1.932-2.637 3.023C11.67 13.008 9.981 14 8 14c-1.981 0-3.671-.992-4.933-2.078C1.797 10.83.88 9.576.43 8.898a1.62 1.62 0 0 1 0-1.798c.45-.677 1.367-1.931 2.637-3.022C4.33 2.992 6.019 2 8 2ZM1.679 7.932a.12.12 0 0 0 0 .136c.411.622 1.241 1.75 2.366 2.717C5.176 11.758 6.527 12.5 8 12.5c1.473 0 2.825-.742 3.955-1.715 1.124-.967 1.954-2.096 2.366-2.717a.12.12 0 0 0 0-.136c-.412-.621-1.242-1.75-2.366-2.717C10.824 4.242 9.473 3.5 8 3.5c-1.473 0-2.825.742-3.955 1.715-1.124.967-1.954 2.096-2.366 2.717ZM8 10a2 2 0 1 1-.001-3.999A2 2 0 0 1 8 10Z';

const Icon = ({ d, filled = true }: { d: string; filled?: boolean }) => (
  <svg aria-hidden viewBox="0 0 16 16" width="12" height="12" fill="currentColor" className={filled ? 'text-amber-500' : 'text-gray-500'}>
    <path d={d} />
  </svg>
);

const shell = 'flex items-stretch overflow-hidden rounded-md border border-gray-300 text-xs dark:border-gray-700';
const half = 'flex items-center gap-1 px-2 py-1';
const toggle = `${half} font-medium hover:bg-gray-50 disabled:opacity-60 dark:hover:bg-gray-800`;
const countCls = 'flex items-center border-l border-gray-300 bg-gray-50 px-2 font-semibold dark:border-gray-700 dark:bg-gray-800';

function Group({ children }: { children: ReactNode }) {
  return <div className={shell}>{children}</div>;
}

// The one toggle-with-count both buttons are: a read-only label while the state is unknown (signed
// out or still loading), otherwise a pressed/unpressed button; `count` is the right-hand half.
function ToggleWithCount({
  icon,
  label,
  on,
  onLabel,
  offLabel,
  pending,
  highlightOn,
  onToggle,
  count,
  hint,
}: {
  icon: string;
  label: string;
  on: boolean | undefined;
  onLabel: string;
  offLabel: string;
  pending: boolean;
  highlightOn: boolean;
  onToggle: (next: boolean) => void;
  count: ReactNode;
  /** What the state means, as the button's tooltip. */
  hint?: string;
}) {
  if (on === undefined) {
    return (
      <Group>
        <span className={half}>
          <Icon d={icon} filled={false} />
          {label}
        </span>
        {count}
      </Group>
    );
  }
  return (
    <Group>
      <button type="button" className={toggle} aria-pressed={on} disabled={pending} title={hint} onClick={() => onToggle(!on)}>
        <Icon d={icon} filled={highlightOn && on} />
        {on ? onLabel : offLabel}
      </button>
      {count}
    </Group>
  );
}

export function RepoStarButton({ repo }: { repo: Repository }) {
  const owner = repo.owner.login;
  const session = useSession();
  const { data: starred } = useQuery({ ...starQueries.starred(owner, repo.name), enabled: !!session });
  const star = useStarRepo(owner, repo.name);
  return (
    <ToggleWithCount
      icon={starIcon}
      label="Stars"
      on={session ? starred : undefined}
      onLabel="Unstar"
      offLabel="Star"
      pending={star.isPending}
      highlightOn
      onToggle={(next) => star.mutate(next, { onError: (e) => toast.error(errorMessage(e)) })}
      count={
        <Link
          to={paths.stargazers.href(owner, repo.name)}
          className={`${countCls} hover:text-indigo-700 dark:hover:text-indigo-400`}
          aria-label={`${repo.stars_count} ${repo.stars_count === 1 ? 'star' : 'stars'}, see stargazers`}
        >
          {repo.stars_count}
        </Link>
      }
    />
  );
}

export function RepoWatchButton({ repo }: { repo: Repository }) {
  const owner = repo.owner.login;
  const session = useSession();
  const { data: watched } = useQuery({ ...starQueries.watched(owner, repo.name), enabled: !!session });
  const watch = useWatchRepo(owner, repo.name);
  return (
    <ToggleWithCount
      icon={eyeIcon}
      label="Watchers"
      on={session ? watched : undefined}
      onLabel="Unwatch"
      offLabel="Watch"
      pending={watch.isPending}
      highlightOn={false}
      onToggle={(next) => watch.mutate(next, { onError: (e) => toast.error(errorMessage(e)) })}
      hint={
        watched
          ? 'Watching: you get notifications of every issue and pull request in this repository. Unwatch to hear only of those you take part in.'
          : 'Not watching: you get notifications only of issues and pull requests you take part in, follow or are mentioned in. Watch to hear of all of them.'
      }
      count={
        <span className={countCls} aria-label={`${repo.watchers_count} watching`}>
          {repo.watchers_count}
        </span>
      }
    />
  );
}
