// Raw and Download for a file. Public repositories get a plain link to the raw API; a private
// repository's raw file needs the session token, which a link cannot send, so there it is a
// button that fetches the bytes with the API client and opens or saves them as a blob.
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { fetchBlob } from '@/lib/api/fetch-blob';
import { errorMessage } from '@/lib/api/api-error';
import { downloadBlob, openBlob, viewableType } from '../lib/open-blob';

interface RawLinkProps {
  /** The raw API URL of the file. */
  href: string;
  /** The file name, for downloads. */
  name: string;
  /** Show it in a new tab (Raw) or save it (Download). */
  action: 'open' | 'download';
  privateRepo: boolean;
  /** The bytes when the page already has them (the contents API's base64), saving a request. */
  bytes?: () => Uint8Array | null;
  className: string;
  children: ReactNode;
}

export function RawLink({ href, name, action, privateRepo, bytes, className, children }: RawLinkProps) {
  const [busy, setBusy] = useState(false);
  if (!privateRepo) {
    return (
      <a href={href} download={action === 'download' ? name : undefined} className={className}>
        {children}
      </a>
    );
  }

  const run = async () => {
    setBusy(true);
    try {
      const known = bytes?.();
      // Copied into a fresh ArrayBuffer: a view over a shared or larger buffer is not a BlobPart everywhere.
      const blob = known ? new Blob([known.slice().buffer]) : await fetchBlob(href);
      const type = action === 'open' ? await viewableType(name, blob) : null;
      if (type) openBlob(blob, type);
      else downloadBlob(blob, name);
    } catch (e) {
      toast.error(`Could not load ${name}: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy || undefined}
      className={`${className} cursor-pointer disabled:cursor-wait disabled:opacity-60`}
    >
      {children}
    </button>
  );
}
