// The frame around a folder's README: its name as a heading, the rendered text below.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function ReadmePanel({ name, href, children }: { name: string; href: string; children: ReactNode }) {
  return (
    <section aria-labelledby="readme-title" className="mt-5 overflow-hidden rounded-lg border border-gray-200 dark:border-gray-800">
      <h2
        id="readme-title"
        className="flex items-center gap-2 border-b border-gray-200 bg-gray-50 px-4 py-2 text-sm font-semibold dark:border-gray-800 dark:bg-gray-900"
      >
        <svg aria-hidden viewBox="0 0 16 16" width="16" height="16" fill="currentColor" className="text-gray-500">
          <path d="M0 1.75A.75.75 0 0 1 .75 1h4.253c1.227 0 2.317.59 3 1.501A3.743 3.743 0 0 1 11.006 1h4.245a.75.75 0 0 1 .75.75v10.5a.75.75 0 0 1-.75.75h-4.507a2.25 2.25 0 0 0-1.591.659l-.622.621a.75.75 0 0 1-1.06 0l-.622-.621A2.25 2.25 0 0 0 5.258 13H.75a.75.75 0 0 1-.75-.75Zm7.251 10.324.004-5.073-.002-2.253A2.25 2.25 0 0 0 5.003 2.5H1.5v9h3.757a3.75 3.75 0 0 1 1.994.574ZM8.755 4.75l-.004 7.322a3.752 3.752 0 0 1 1.992-.572H14.5v-9h-3.495a2.25 2.25 0 0 0-2.25 2.25Z" />
        </svg>
        <Link to={href} className="hover:underline">
          {name}
        </Link>
      </h2>
      <div className="px-4 py-5 sm:px-8">{children}</div>
    </section>
  );
}
