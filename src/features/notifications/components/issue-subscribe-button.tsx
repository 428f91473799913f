// "Notifications" in an issue's or pull request's sidebar: whether the signed-in user follows the
// thread (GET …/subscriptions/check) and a button to subscribe or unsubscribe (PUT/DELETE
// …/subscriptions/{user}), with why they get notifications.
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-error';
import { useSession } from '@/lib/auth-store';
import { notificationQueries } from '../api/notification-queries';
import { useSubscribeIssue } from '../api/use-mark-notifications';

export function IssueSubscribeButton({ owner, repo, index, isPull }: { owner: string; repo: string; index: number; isPull: boolean }) {
  const session = useSession();
  const login = session?.login ?? '';
  const { data: subscribed, isError } = useQuery({ ...notificationQueries.subscription(owner, repo, index), enabled: !!session });
  const change = useSubscribeIssue(owner, repo, index, login);
  if (!session || isError) return null;
  const what = isPull ? 'pull request' : 'issue';
  return (
    <section aria-label="Notifications" className="border-b border-gray-200 py-3 text-sm last:border-0 dark:border-gray-800">
      <h2 className="mb-1.5 font-semibold text-gray-700 dark:text-gray-300">Notifications</h2>
      <Button
        size="sm"
        className="w-full"
        disabled={subscribed === undefined || change.isPending}
        onClick={() =>
          change.mutate(!subscribed, {
            onSuccess: (now) => toast(now ? `Subscribed to this ${what}` : `Unsubscribed from this ${what}`),
            onError: (e) => toast.error(errorMessage(e)),
          })
        }
      >
        {subscribed ? 'Unsubscribe' : 'Subscribe'}
      </Button>
      <p className="mt-1.5 text-xs text-gray-600 dark:text-gray-400">
        {subscribed === undefined
          ? 'Checking…'
          : subscribed
            ? `You’re receiving notifications of this ${what}.`
            : `You’re not receiving notifications of this ${what}.`}
      </p>
    </section>
  );
}
