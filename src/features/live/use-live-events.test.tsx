import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLiveEvents } from './use-live-events';

/** The browser's EventSource as far as the hook uses it: named events, then close. */
class FakeEventSource {
  static CLOSED = 2;
  static last: FakeEventSource | undefined;
  readyState = 1;
  onerror: (() => void) | null = null;
  readonly listeners = new Map<string, ((e: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, f: (e: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), f]);
  }
  close() {}
  emit(type: string, data: string) {
    for (const f of this.listeners.get(type) ?? []) f({ data });
  }
}

afterEach(() => vi.unstubAllGlobals());

function open() {
  vi.stubGlobal('EventSource', FakeEventSource);
  const qc = new QueryClient();
  const invalidate = vi.spyOn(qc, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  renderHook(() => useLiveEvents({ owner: 'alice', repo: 'site' }, true), { wrapper });
  return { es: FakeEventSource.last!, invalidate };
}

describe('useLiveEvents', () => {
  it('refetches nothing when the stream opens on a quiet repository, and everything after a drop', () => {
    const { es, invalidate } = open();
    expect(es.url).toContain('/events?repo=alice%2Fsite');
    es.emit('ready', '{}');
    expect(invalidate).not.toHaveBeenCalled();
    es.emit('ready', '{}');
    expect(invalidate).toHaveBeenCalled();
  });

  it('refetches what the page shows when the server says an event came just before the stream opened', () => {
    const { es, invalidate } = open();
    es.emit('ready', '{"recent":true}');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['repos', 'alice', 'site', 'issues'] });
  });
});
