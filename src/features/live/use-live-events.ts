// Live pages (issue #20): one EventSource per page on the server's extension stream
// (GET /api/v1/events?repo=owner/name, the session cookie same-origin), turning each event into
// invalidations of the React Query keys it makes stale, so the issue and pull request pages, the
// pull request list, the merge box and the bell update without a reload (what the reader types is
// component state and survives a refetch). A server without the stream (a real Gitea answers 404,
// which closes an EventSource for good) is polled instead: the same keys every POLL_MS while the
// page is visible, besides React Query's refetch on focus. The stream is not retried then.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiRoot } from '@/lib/config';
import { keysFor, LIVE_EVENT_NAMES, pollingKeys, type LiveMessage } from './lib/live-keys';
import { publishLive } from './lib/live-bus';

export const POLL_MS = 15_000;

export function useLiveEvents(repo: { owner: string; repo: string } | null, signedIn: boolean): void {
  const qc = useQueryClient();
  const owner = repo?.owner;
  const name = repo?.repo;
  useEffect(() => {
    if (!owner && !signedIn) return;
    if (typeof EventSource === 'undefined') return;
    let poll: ReturnType<typeof setInterval> | undefined;
    const invalidate = (keys: readonly (readonly unknown[])[]) => {
      for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
    };
    const everything = () => invalidate(owner && name ? pollingKeys(owner, name) : [['notifications']]);
    const startPolling = () => {
      if (poll) return;
      poll = setInterval(() => {
        if (document.visibilityState === 'visible') everything();
      }, POLL_MS);
    };
    const query = owner && name ? `?${new URLSearchParams({ repo: `${owner}/${name}` })}` : '';
    const es = new EventSource(`${apiRoot()}/events${query}`, { withCredentials: false });
    let opened = false;
    const onMessage = (e: MessageEvent<string>) => {
      let m: LiveMessage;
      try {
        m = JSON.parse(e.data) as LiveMessage;
      } catch {
        return;
      }
      invalidate(keysFor(m, owner ?? '', name ?? ''));
      publishLive(m);
    };
    for (const type of LIVE_EVENT_NAMES) es.addEventListener(type, onMessage as EventListener);
    // A reconnect after a drop: what happened meanwhile was not kept, so refetch what is shown; so
    // too on the first connect when the server says an event came just before (`recent`): it may
    // have come after the page read its data.
    es.addEventListener('ready', (e: MessageEvent<string>) => {
      let recent = false;
      try {
        recent = (JSON.parse(e.data) as { recent?: boolean }).recent === true;
      } catch {
        // No data: nothing to add.
      }
      if (opened || recent) everything();
      opened = true;
    });
    es.addEventListener('resync', everything);
    es.onerror = () => {
      // CLOSED: the server refused the stream (404 from a server without it, or a repository the
      // reader may no longer see); a dropped connection is CONNECTING and retries by itself.
      if (es.readyState === EventSource.CLOSED) {
        es.close();
        startPolling();
      }
    };
    return () => {
      es.close();
      if (poll) clearInterval(poll);
    };
  }, [qc, owner, name, signedIn]);
}
