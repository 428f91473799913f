// The server's attachment rules (Gitea's GET /settings/attachment, GeneralAttachmentSettings), so
// forms can show the size limit before an upload and refuse a too-large file at once. A server
// without the endpoint (or any failure) means "unknown": no limit shown, uploads allowed, and the
// server's own answer stands.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { formatBytes } from '@/lib/format';

export interface AttachmentLimits {
  /** False when the site has attachments switched off: no attach buttons. */
  enabled: boolean;
  /** Largest file in bytes, or null when the server did not say. */
  maxBytes: number | null;
}

const UNKNOWN: AttachmentLimits = { enabled: true, maxBytes: null };

export const attachmentSettingsQuery = () =>
  queryOptions({
    queryKey: ['settings', 'attachment'],
    queryFn: async (): Promise<AttachmentLimits> => {
      try {
        const { data } = await api().GET('/settings/attachment');
        if (!data) return UNKNOWN;
        // max_size is in MiB, as Gitea's [attachment] MAX_SIZE; 0 or less means no limit given.
        return { enabled: data.enabled !== false, maxBytes: data.max_size > 0 ? data.max_size * 1024 * 1024 : null };
      } catch {
        return UNKNOWN;
      }
    },
    staleTime: 10 * 60 * 1000,
    retry: false,
  });

/** The limits, or "unknown" while they load and when the server does not tell. */
export function useAttachmentLimits(): AttachmentLimits {
  return useQuery(attachmentSettingsQuery()).data ?? UNKNOWN;
}

/** "Up to 2.0 GiB per file", or null when the limit is unknown. */
export const limitHint = (maxBytes: number | null) => (maxBytes === null ? null : `Up to ${formatBytes(maxBytes)} per file`);

/** Why a file is over the limit, or null when it may be uploaded. */
export function tooLargeReason(file: File, maxBytes: number | null): string | null {
  if (maxBytes === null || file.size <= maxBytes) return null;
  return `${file.name} is ${formatBytes(file.size)}; files can be at most ${formatBytes(maxBytes)}.`;
}
