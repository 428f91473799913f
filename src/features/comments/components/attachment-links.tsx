// Files attached to an issue or comment: name, size, and a download link.
import type { components } from '@/lib/api/schema';
import { formatBytes } from '@/lib/format';

type Attachment = components['schemas']['Attachment'];

export function AttachmentLinks({ assets, label = 'Attachments' }: { assets: Attachment[]; label?: string }) {
  if (!assets.length) return null;
  return (
    <ul aria-label={label} className="space-y-1 text-sm">
      {assets.map((a) => (
        <li key={a.id} className="flex min-w-0 items-center gap-2">
          <a href={a.browser_download_url} download={a.name} className="truncate text-indigo-600 hover:underline dark:text-indigo-400">
            {a.name}
          </a>
          <span className="shrink-0 text-xs text-gray-500 dark:text-gray-400">{formatBytes(a.size)}</span>
        </li>
      ))}
    </ul>
  );
}
