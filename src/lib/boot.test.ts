// Issue #22: index.html asks for /config.json and the cookie session while the app's code
// downloads; the app takes those answers instead of asking again, and the first page's loaders
// that read the session wait until it is known.
import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import { getServerKind, getSession, sessionReady, setServerKind, setSession, trackSessionRestore } from './auth-store';
import { takeBootResponse } from './boot';
import { loadRuntimeConfig, runtimeConfig, setRuntimeConfig } from './config';
import { restoreSession } from '@/features/auth/api/auth-queries';

setupMswServer();
afterEach(() => {
  delete window.__forgeBoot;
  setSession(null);
  setServerKind('remote');
  setRuntimeConfig({ apiBaseUrl: '' });
});

describe('answers asked for by index.html', () => {
  it('are handed out once', async () => {
    window.__forgeBoot = { config: Promise.resolve(new Response('{}')) };
    expect(takeBootResponse('config')).toBeDefined();
    expect(takeBootResponse('config')).toBeUndefined();
    expect(takeBootResponse('session')).toBeUndefined();
  });

  it('the config comes from the early answer, without asking again', async () => {
    let asked = 0;
    server.use(http.get('*/config.json', () => (asked++, HttpResponse.json({ apiBaseUrl: 'https://late.example' }))));
    window.__forgeBoot = { config: Promise.resolve(Response.json({ apiBaseUrl: 'https://early.example' })) };
    await loadRuntimeConfig();
    expect(runtimeConfig().apiBaseUrl).toBe('https://early.example');
    expect(asked).toBe(0);
  });

  it('the session comes from the early answer when the API is on this origin', async () => {
    let asked = 0;
    server.use(http.get(apiUrl('/user/sessions/current'), () => (asked++, HttpResponse.json({ user: fakeUser({ login: 'late' }), csrf_token: 'late' }))));
    window.__forgeBoot = { session: Promise.resolve(Response.json({ user: fakeUser({ login: 'early' }), csrf_token: 'csrf-early' })) };
    await restoreSession();
    expect(getServerKind()).toBe('embedded');
    expect(getSession()).toEqual({ login: 'early', csrf: 'csrf-early' });
    expect(asked).toBe(0);
  });

  it('an early session answer from this origin is not used when the API lives elsewhere', async () => {
    setRuntimeConfig({ apiBaseUrl: 'https://api.elsewhere.example' });
    window.__forgeBoot = { session: Promise.resolve(Response.json({ user: fakeUser(), csrf_token: 'x' })) };
    await restoreSession();
    expect(getServerKind()).toBe('remote');
    expect(getSession()).toBeNull();
  });
});

describe('sessionReady', () => {
  it('resolves at once when nothing is being restored, and after the restore otherwise', async () => {
    await sessionReady();
    let finish!: () => void;
    trackSessionRestore(new Promise<void>((r) => (finish = r)));
    let ready = false;
    const waiting = sessionReady().then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    finish();
    await waiting;
    expect(ready).toBe(true);
  });

  it('resolves when the restore fails too', async () => {
    trackSessionRestore(Promise.reject(new Error('offline')));
    await expect(sessionReady()).resolves.toBeUndefined();
  });
});
