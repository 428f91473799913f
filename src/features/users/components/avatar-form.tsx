// Upload a new avatar (read in the browser, sent as base64 to POST /user/avatar) or remove it.
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { useUpdateAvatar } from '../api/use-update-avatar';

/** Gitea refuses avatars over 1 MiB by default (AVATAR_MAX_FILE_SIZE); say so before sending. */
const MAX_BYTES = 1024 * 1024;

export function AvatarForm({ login, avatarUrl }: { login: string; avatarUrl: string }) {
  const update = useUpdateAvatar();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setLocalError('Choose an image first');
    if (!file.type.startsWith('image/')) return setLocalError('The file is not an image');
    if (file.size > MAX_BYTES) return setLocalError('The image is larger than 1 MiB');
    setLocalError(null);
    update.mutate(file, {
      onSuccess: () => {
        toast.success('Your avatar has been updated');
        setFile(null);
        if (input.current) input.current.value = '';
      },
    });
  };
  return (
    <section aria-labelledby="avatar-title" className="space-y-3">
      <h2 id="avatar-title" className="text-lg font-semibold">
        Avatar
      </h2>
      <form onSubmit={submit} className="flex flex-wrap items-center gap-4">
        <Avatar src={avatarUrl} name={login} size={72} />
        <div className="space-y-2">
          <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
            New avatar image
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="mt-1 block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm dark:text-gray-300 dark:file:border-gray-700 dark:file:bg-gray-900 dark:file:text-gray-100"
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="primary" size="sm" disabled={update.isPending}>
              Update avatar
            </Button>
            <Button
              size="sm"
              disabled={update.isPending}
              onClick={() => update.mutate(null, { onSuccess: () => toast.success('Your avatar has been removed') })}
            >
              Remove avatar
            </Button>
          </div>
        </div>
      </form>
      <ErrorNotice error={localError ?? update.error} />
    </section>
  );
}
