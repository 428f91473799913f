import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server, setupMswServer } from '@/test/msw';
import { setRuntimeConfig } from '../config';
import { setSession } from '../auth-store';
import { ApiError } from './api-error';
import { fetchBlob, forgeApiPath } from './fetch-blob';

setupMswServer();

afterEach(() => {
  setRuntimeConfig({ apiBaseUrl: '' });
  setSession(null);
});

describe('forgeApiPath', () => {
  it('accepts this forge API, absolute or site-relative, keeping the query', () => {
    const origin = window.location.origin;
    expect(forgeApiPath(`${origin}/api/v1/repos/o/r/raw/a%20b.png?ref=main`)).toBe('/repos/o/r/raw/a%20b.png?ref=main');
    expect(forgeApiPath('/api/v1/repos/o/r/raw/x')).toBe('/repos/o/r/raw/x');
  });

  it('refuses other hosts, other paths and tricks that climb out of the API', () => {
    expect(forgeApiPath('https://evil.example/api/v1/repos/o/r/raw/x')).toBeNull();
    expect(forgeApiPath('//evil.example/api/v1/repos/o/r/raw/x')).toBeNull();
    expect(forgeApiPath('/o/r/raw/x')).toBeNull();
    expect(forgeApiPath('/api/v1/../../user/login')).toBeNull();
    expect(forgeApiPath('/api/v10/x')).toBeNull();
    expect(forgeApiPath('javascript:alert(1)')).toBeNull();
  });

  it('follows the configured forge base URL', () => {
    setRuntimeConfig({ apiBaseUrl: 'https://forge.example/sub/' });
    expect(forgeApiPath('https://forge.example/sub/api/v1/repos/o/r/raw/x')).toBe('/repos/o/r/raw/x');
    expect(forgeApiPath(`${window.location.origin}/api/v1/repos/o/r/raw/x`)).toBeNull();
  });
});

describe('fetchBlob', () => {
  it('sends the session token in the header and returns the bytes', async () => {
    setSession({ token: 'tok-9', login: 'alice' });
    let seen: { auth: string | null; url: string } | null = null;
    server.use(
      http.get('*/api/v1/repos/o/r/raw/notes.txt', ({ request }) => {
        seen = { auth: request.headers.get('Authorization'), url: request.url };
        return new HttpResponse('hello', { headers: { 'Content-Type': 'text/plain' } });
      }),
    );
    const blob = await fetchBlob('/api/v1/repos/o/r/raw/notes.txt?ref=dev');
    expect(await blob.text()).toBe('hello');
    expect(seen).toEqual({ auth: 'token tok-9', url: `${window.location.origin}/api/v1/repos/o/r/raw/notes.txt?ref=dev` });
  });

  it('throws ApiError with the status when the server refuses', async () => {
    server.use(http.get('*/api/v1/repos/o/r/raw/x', () => HttpResponse.json({ message: 'gone', url: '' }, { status: 404 })));
    const err = await fetchBlob('/api/v1/repos/o/r/raw/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
  });

  it('refuses to send the token anywhere else', async () => {
    await expect(fetchBlob('https://evil.example/api/v1/x')).rejects.toThrow(/Not an address/);
  });
});
