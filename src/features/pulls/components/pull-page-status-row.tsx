// One line of the merge box: an icon for how it stands (ok, warning, failing, neutral), what it
// says, and optional detail or actions beneath.
import type { ReactNode } from 'react';
import { CheckIcon, CrossIcon, DotIcon } from '@/components/ui/octicons';

export type RowTone = 'ok' | 'warn' | 'fail' | 'info';

const toneClass: Record<RowTone, string> = {
  ok: 'bg-green-600 text-white',
  warn: 'bg-amber-500 text-white',
  fail: 'bg-red-600 text-white',
  info: 'bg-gray-300 text-gray-700 dark:bg-gray-700 dark:text-gray-200',
};

export function ToneIcon({ tone }: { tone: RowTone }) {
  return (
    <span aria-hidden className={`mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full ${toneClass[tone]}`}>
      {tone === 'ok' ? <CheckIcon className="h-3 w-3" /> : tone === 'fail' ? <CrossIcon className="h-3 w-3" /> : <DotIcon className="h-3 w-3" />}
    </span>
  );
}

export function StatusRow({ tone, title, children, label }: { tone: RowTone; title: ReactNode; children?: ReactNode; label: string }) {
  return (
    <li aria-label={label} className="flex gap-3 px-4 py-3">
      <ToneIcon tone={tone} />
      <div className="min-w-0 flex-1 space-y-2 text-sm">
        <p className="font-medium text-gray-900 dark:text-gray-100">{title}</p>
        {children}
      </div>
    </li>
  );
}
