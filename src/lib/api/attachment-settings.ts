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
  /** Gitea's ALLOWED_TYPES entries (`.zip`, `image/png`, `image/*`), lower case; null: any type. */
  allowedTypes: string[] | null;
  /** Files one comment may take at once (Gitea's MAX_FILES), or null when the server did not say. */
  maxFiles: number | null;
}

export const UNKNOWN_LIMITS: AttachmentLimits = { enabled: true, maxBytes: null, allowedTypes: null, maxFiles: null };

// ALLOWED_TYPES as Gitea sends it (comma-separated); the any-type entry or nothing: any type.
function allowedTypesOf(value: string | undefined): string[] | null {
  const types = (value ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  return types.length === 0 || types.includes('*/*') ? null : types;
}

export const attachmentSettingsQuery = () =>
  queryOptions({
    queryKey: ['settings', 'attachment'],
    queryFn: async (): Promise<AttachmentLimits> => {
      try {
        const { data } = await api().GET('/settings/attachment');
        if (!data) return UNKNOWN_LIMITS;
        // max_size is in MiB, as Gitea's [attachment] MAX_SIZE; 0 or less means no limit given.
        return {
          enabled: data.enabled !== false,
          maxBytes: data.max_size > 0 ? data.max_size * 1024 * 1024 : null,
          allowedTypes: allowedTypesOf(data.allowed_types),
          maxFiles: data.max_files > 0 ? data.max_files : null,
        };
      } catch {
        return UNKNOWN_LIMITS;
      }
    },
    staleTime: 10 * 60 * 1000,
    retry: false,
  });

/** The limits, or "unknown" while they load and when the server does not tell. */
export function useAttachmentLimits(): AttachmentLimits {
  return useQuery(attachmentSettingsQuery()).data ?? UNKNOWN_LIMITS;
}

/** "Up to 2.0 GiB per file", or null when the limit is unknown. */
export const limitHint = (maxBytes: number | null) => (maxBytes === null ? null : `Up to ${formatBytes(maxBytes)} per file`);

/** Why a file is over the limit, or null when it may be uploaded. */
export function tooLargeReason(file: File, maxBytes: number | null): string | null {
  if (maxBytes === null || file.size <= maxBytes) return null;
  return `${file.name} is ${formatBytes(file.size)}; files can be at most ${formatBytes(maxBytes)}.`;
}

/**
 * Why a file's type is not among `allowed`, or null when it may be uploaded. A name ending in an
 * allowed extension passes; a MIME entry (`image/*`) is checked against the type the browser gives
 * the file, and when the browser gives none the server, which looks at the bytes, decides.
 */
export function typeRefusedReason(file: File, allowed: string[] | null): string | null {
  if (!allowed) return null;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  const ok = allowed.some((a) => (a.startsWith('.') ? name.endsWith(a) : type === '' || (a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : type === a)));
  return ok ? null : `${file.name} is not a type this site takes (${allowed.join(', ')}).`;
}

/** The file picker's `accept` for the allowed types, so it offers those first; undefined: any. */
export const acceptOf = (allowed: string[] | null) => allowed?.join(',');
