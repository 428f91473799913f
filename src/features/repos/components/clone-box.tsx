// The clone URL of a repository, HTTPS or SSH, in a read-only field with a Copy button.
import { useId, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';

export function CloneBox({ httpsUrl, sshUrl }: { httpsUrl: string; sshUrl?: string }) {
  const [proto, setProto] = useState<'https' | 'ssh'>('https');
  const id = useId();
  const url = proto === 'ssh' && sshUrl ? sshUrl : httpsUrl;
  const seg = (on: boolean) =>
    `px-2 py-1 text-xs font-medium ${on ? 'bg-gray-200 text-gray-900 dark:bg-gray-700 dark:text-gray-100' : 'text-gray-600 hover:bg-gray-100 dark:text-gray-400 dark:hover:bg-gray-800'}`;
  return (
    <div className="flex w-full min-w-0 items-center gap-1.5 sm:w-auto">
      {sshUrl ? (
        <div role="group" aria-label="Clone protocol" className="flex shrink-0 overflow-hidden rounded-md border border-gray-300 dark:border-gray-700">
          <button type="button" aria-pressed={proto === 'https'} className={seg(proto === 'https')} onClick={() => setProto('https')}>
            HTTPS
          </button>
          <button
            type="button"
            aria-pressed={proto === 'ssh'}
            className={`${seg(proto === 'ssh')} border-l border-gray-300 dark:border-gray-700`}
            onClick={() => setProto('ssh')}
          >
            SSH
          </button>
        </div>
      ) : null}
      <label htmlFor={id} className="sr-only">
        Clone URL
      </label>
      <input
        id={id}
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        // As wide as the URL (monospace, so ch counts characters) up to the row's width; where it
        // is cut (phones), it shows its start, as any field does: a URL read from the middle is no
        // URL (issue #19). The whole of it is selected on focus, and Copy takes it all.
        style={{ width: `calc(${url.length + 2}ch + 1rem)` }}
        className="max-w-full min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-50 px-2 py-1 font-mono text-xs text-gray-800 sm:flex-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200"
      />
      <CopyButton text={url} label="Copy clone URL" />
    </div>
  );
}
