// The top bar's bell: a link to the inbox whose name says how many threads are unread, with the
// count as a badge. The count is polled (and refetched on focus); the live pages refresh it sooner
// by invalidating ['notifications'].
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paths } from '@/lib/paths';
import { notificationQueries } from '../api/notification-queries';

const bellIcon =
  'M8 16a2 2 0 0 0 1.985-1.75c.017-.137-.097-.25-.235-.25h-3.5c-.138 0-.252.113-.235.25A2 2 0 0 0 8 16ZM3 5a5 5 0 0 1 10 0v2.947c0 .05.015.098.042.139l1.703 2.555A1.519 1.519 0 0 1 13.482 13H2.518a1.516 1.516 0 0 1-1.263-2.36l1.703-2.554A.255.255 0 0 0 3 7.947Zm5-3.5A3.5 3.5 0 0 0 4.5 5v2.947c0 .346-.102.683-.294.97l-1.703 2.556a.017.017 0 0 0-.003.01l.001.006c0 .002.002.004.004.006l.006.004.007.001h10.964l.007-.001.006-.004.004-.006.001-.007a.017.017 0 0 0-.003-.01l-1.703-2.554a1.745 1.745 0 0 1-.294-.97V5A3.5 3.5 0 0 0 8 1.5Z';

export function bellLabel(count: number | undefined): string {
  if (!count) return 'Notifications';
  return `Notifications, ${count > 99 ? 'more than 99' : count} unread`;
}

export function NotificationBell() {
  const { data: count } = useQuery(notificationQueries.unreadCount());
  const label = bellLabel(count);
  return (
    <Link
      to={paths.notifications.href()}
      aria-label={label}
      title={label}
      className="relative inline-flex items-center rounded-md p-1.5 text-gray-300 hover:bg-gray-800 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400"
    >
      <svg aria-hidden viewBox="0 0 16 16" width="16" height="16" fill="currentColor">
        <path d={bellIcon} />
      </svg>
      {!!count && (
        <span
          aria-hidden
          className="absolute -top-1 -right-1 min-w-4 rounded-full bg-indigo-500 px-1 text-center text-[10px] leading-4 font-semibold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
