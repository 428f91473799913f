// Keeps the page live (issue #20): the one event stream of the page, for the repository being
// looked at and the signed-in user's own channel (their bell).
import { useLiveEvents } from '@/features/live/use-live-events';
import { useSession } from '@/lib/auth-store';
import { useCurrentRepo } from './use-current-repo';

export function LiveEvents() {
  const repo = useCurrentRepo();
  const session = useSession();
  useLiveEvents(repo, !!session);
  return null;
}
