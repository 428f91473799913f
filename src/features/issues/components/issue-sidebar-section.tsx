import type { ReactNode } from 'react';

/** One block of the issue sidebar: a heading, an optional edit control, and its content. */
export function IssueSidebarSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="border-b border-gray-200 py-3 text-sm last:border-0 dark:border-gray-800">
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <h2 className="font-semibold text-gray-700 dark:text-gray-300">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export const muted = 'text-gray-500 dark:text-gray-400';
export const linkButton = 'text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400';
