import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeThread, server, setupMswServer } from '@/test/msw';
import { markViewed } from './use-mark-viewed';

setupMswServer();

const issueThread = (id: number, index: number) => fakeThread(id, index);

/** A repository with `count` unread issue threads, newest first; records the pages asked and threads marked. */
function serve(count: number) {
  const threads = Array.from({ length: count }, (_, i) => issueThread(1000 + i, count - i));
  const asked: number[] = [];
  const marked: number[] = [];
  server.use(
    http.get(apiUrl('/repos/alice/site/notifications'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      const limit = Number(q.get('limit'));
      const page = Number(q.get('page') ?? 1);
      asked.push(page);
      return HttpResponse.json(threads.slice((page - 1) * limit, page * limit));
    }),
    http.patch(apiUrl('/notifications/threads/:id'), ({ params }) => {
      marked.push(Number(params.id));
      return new HttpResponse(null, { status: 205 });
    }),
  );
  return { asked, marked };
}

describe('marking the threads of a viewed page read', () => {
  it("finds the page's thread past the first page of unread threads", async () => {
    const { asked, marked } = serve(120);
    // Issue #3 is the 118th newest thread: on the third page of 50.
    expect(await markViewed('alice', 'site', { kind: 'issue', index: 3 })).toBe(1);
    expect(marked).toEqual([1117]);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at the first page holding it, and at the last page when there is none', async () => {
    const first = serve(120);
    expect(await markViewed('alice', 'site', { kind: 'issue', index: 120 })).toBe(1);
    expect(first.asked).toEqual([1]);
    const none = serve(60);
    expect(await markViewed('alice', 'site', { kind: 'pull', index: 5 })).toBe(0);
    expect(none.marked).toEqual([]);
    expect(none.asked).toEqual([1, 2]);
  });
});
