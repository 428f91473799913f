// A row of underlined tabs, each a link (the tab lives in the URL), the current one marked for
// screen readers with aria-current. A label never breaks inside; on narrow screens the row scrolls sideways, as the repository tabs do.
import { Link } from 'react-router';

export interface TabLink {
  key: string;
  label: string;
  to: string;
}

export function TabLinks({ label, tabs, current }: { label: string; tabs: readonly TabLink[]; current: string }) {
  return (
    <nav aria-label={label} className="flex gap-1 overflow-x-auto border-b border-gray-200 dark:border-gray-800">
      {tabs.map((t) => (
        <Link
          key={t.key}
          to={t.to}
          aria-current={t.key === current ? 'page' : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm whitespace-nowrap ${t.key === current ? 'border-indigo-600 font-semibold text-gray-900 dark:text-gray-100' : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100'}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
