// Uploads one release asset with progress (fetch reports none for uploads, so XMLHttpRequest), with
// the same credentials as the API client: the token for another server, the cookie plus the CSRF
// header on the embedded one.
import { ApiError } from '@/lib/api/api-error';
import { getSession } from '@/lib/auth-store';
import { apiRoot } from '@/lib/config';
import type { ReleaseAsset } from './release-queries';

export function uploadReleaseAsset(owner: string, repo: string, releaseId: number, file: File, onProgress: (fraction: number) => void): Promise<ReleaseAsset> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = `${apiRoot()}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/releases/${releaseId}/assets?name=${encodeURIComponent(file.name)}`;
    xhr.open('POST', url);
    xhr.withCredentials = false;
    const s = getSession();
    if (s?.token) xhr.setRequestHeader('Authorization', `token ${s.token}`);
    else if (s?.csrf) xhr.setRequestHeader('X-Csrf-Token', s.csrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { message?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = { message: xhr.statusText };
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ReleaseAsset);
      else reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new Error('The upload failed: the server could not be reached.'));
    const form = new FormData();
    form.append('attachment', file, file.name);
    xhr.send(form);
  });
}
