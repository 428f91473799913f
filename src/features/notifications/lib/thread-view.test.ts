import { describe, expect, it } from 'vitest';
import type { NotificationThread } from '../api/notification-queries';
import { groupByRepo, threadHref, threadIsAbout, threadKind, threadNumber, threadState, threadTitle } from './thread-view';
import { bellLabel } from '../components/notification-bell';

const thread = (over: Partial<NotificationThread['subject']> & { repo?: string; id?: number } = {}): NotificationThread =>
  ({
    id: over.id ?? 1,
    repository: { full_name: over.repo ?? 'alice/site' },
    subject: {
      title: 'Broken',
      url: 'https://forge.example/api/v1/repos/alice/site/issues/7',
      html_url: 'https://forge.example/alice/site/pulls/7',
      latest_comment_url: '',
      latest_comment_html_url: '',
      type: 'Pull',
      state: 'merged',
      ...over,
    },
    unread: true,
    pinned: false,
    updated_at: '2026-11-27T10:00:00Z',
    url: 'https://forge.example/api/v1/notifications/threads/1',
  }) as NotificationThread;

describe('notification threads', () => {
  it('lead to the latest comment on this app’s own paths, else to the subject', () => {
    expect(threadHref(thread())).toBe('/alice/site/pulls/7');
    expect(threadHref(thread({ latest_comment_html_url: 'https://forge.example/alice/site/pulls/7#issuecomment-3' }))).toBe(
      '/alice/site/pulls/7#issuecomment-3',
    );
  });

  it('say their number, kind and state in words', () => {
    expect([threadNumber(thread()), threadKind(thread()), threadState(thread())]).toEqual([7, 'Pull request', 'Merged']);
    expect([threadKind(thread({ type: 'Issue' })), threadState(thread({ state: 'closed' }))]).toEqual(['Issue', 'Closed']);
  });

  it('a commit thread shows its subject line and leads to the commit; a release thread to the release', () => {
    const commit = thread({
      type: 'Commit',
      state: '',
      title: 'Fix the parser\n\nThanks @bob',
      url: 'https://forge.example/alice/site/commit/abc123',
      html_url: 'https://forge.example/alice/site/commit/abc123',
    });
    expect([threadTitle(commit), threadKind(commit), threadNumber(commit), threadState(commit), threadHref(commit)]).toEqual([
      'Fix the parser',
      'Commit',
      undefined,
      '',
      '/alice/site/commit/abc123',
    ]);
    // Gitea's url of a release is its relative link; html_url its page.
    const release = thread({
      type: 'Release',
      state: '',
      title: 'v1.0',
      url: '/alice/site/releases/tag/v1.0',
      html_url: 'https://forge.example/alice/site/releases/tag/v1.0',
    });
    expect([threadTitle(release), threadKind(release), threadNumber(release), threadHref(release)]).toEqual([
      'v1.0',
      'Release',
      undefined,
      '/alice/site/releases/tag/v1.0',
    ]);
  });

  it('group by repository in the order they come', () => {
    const groups = groupByRepo([thread({ id: 1 }), thread({ id: 2, repo: 'bob/x' }), thread({ id: 3 })]);
    expect(groups.map((g) => [g.repo, g.threads.map((t) => t.id)])).toEqual([
      ['alice/site', [1, 3]],
      ['bob/x', [2]],
    ]);
  });

  it('name the bell with the unread count', () => {
    expect([bellLabel(undefined), bellLabel(0), bellLabel(3), bellLabel(120)]).toEqual([
      'Notifications',
      'Notifications',
      'Notifications, 3 unread',
      'Notifications, more than 99 unread',
    ]);
  });
});

describe('which threads a page is about', () => {
  it('an issue or pull request page by its number and kind; a release page by its tag; a commit page by its id', () => {
    expect(threadIsAbout(thread(), { kind: 'pull', index: 7 })).toBe(true);
    expect(threadIsAbout(thread(), { kind: 'pull', index: 8 })).toBe(false);
    expect(threadIsAbout(thread(), { kind: 'issue', index: 7 })).toBe(false);
    expect(threadIsAbout(thread({ type: 'Issue', url: 'https://forge.example/api/v1/repos/alice/site/issues/3' }), { kind: 'issue', index: 3 })).toBe(true);
    const release = thread({
      type: 'Release',
      url: '/alice/site/releases/tag/v1.0%2Bbuild',
      html_url: 'https://forge.example/alice/site/releases/tag/v1.0%2Bbuild',
    });
    expect(threadIsAbout(release, { kind: 'release', tag: 'v1.0+build' })).toBe(true);
    expect(threadIsAbout(release, { kind: 'release', tag: 'v1.0' })).toBe(false);
    const sha = '0123456789abcdef0123456789abcdef01234567';
    const commit = thread({
      type: 'Commit',
      url: `https://forge.example/alice/site/commit/${sha}`,
      html_url: `https://forge.example/alice/site/commit/${sha}`,
    });
    expect(threadIsAbout(commit, { kind: 'commit', sha })).toBe(true);
    expect(threadIsAbout(commit, { kind: 'commit', sha: sha.slice(0, 10).toUpperCase() })).toBe(true);
    expect(threadIsAbout(commit, { kind: 'commit', sha: '0123' })).toBe(false);
    expect(threadIsAbout(commit, { kind: 'commit', sha: 'fedcba9876' })).toBe(false);
    expect(threadIsAbout(release, { kind: 'commit', sha })).toBe(false);
  });
});
