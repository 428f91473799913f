// A file as the contents API returns it, for the code feature's web tests.
import type { ContentsResponse } from './api/contents-queries';

/** Base64 of UTF-8 text, as the contents API encodes a file. */
export const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));

/** The file `src/{name}`; `content` is already base64, or null when the API leaves a big file out. */
export function fakeFile(name: string, content: string | null, over: Partial<ContentsResponse> = {}): ContentsResponse {
  return {
    name,
    path: `src/${name}`,
    sha: 'abc',
    last_commit_sha: 'def',
    type: 'file',
    size: content ? content.length : 0,
    encoding: 'base64',
    content,
    target: null,
    url: null,
    html_url: null,
    git_url: null,
    download_url: null,
    submodule_git_url: null,
    _links: { self: null, git: null, html: null },
    ...over,
  };
}
