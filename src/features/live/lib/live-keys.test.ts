import { describe, expect, it } from 'vitest';
import { keysFor } from './live-keys';

describe('keysFor', () => {
  it('a comment on a pull request: its conversation, the pull request and both lists', () => {
    expect(keysFor({ type: 'issue.commented', issue: 3, pull: true, comment: 9 }, 'o', 'r')).toEqual([
      ['repos', 'o', 'r', 'issues', 3],
      ['repos', 'o', 'r', 'issues', 'list'],
      ['repos', 'o', 'r', 'pulls', 3],
      ['repos', 'o', 'r', 'pulls', 'list'],
    ]);
  });

  it('a push or a status: every pull request, statuses and branches', () => {
    expect(keysFor({ type: 'push', ref: 'refs/heads/main' }, 'o', 'r')).toEqual([
      ['repos', 'o', 'r', 'pulls'],
      ['repos', 'o', 'r', 'commit'],
      ['repos', 'o', 'r', 'branch'],
      ['repos', 'o', 'r', 'branches'],
    ]);
    expect(keysFor({ type: 'status.created', sha: 'abc' }, 'o', 'r')).toContainEqual(['repos', 'o', 'r', 'commit']);
  });

  it('reactions name exactly their subject; the inbox its own key', () => {
    expect(keysFor({ type: 'reaction.changed', issue: 2, comment: 5 }, 'o', 'r')).toEqual([['repos', 'o', 'r', 'reactions', 'comment', 5]]);
    expect(keysFor({ type: 'reaction.changed', issue: 2 }, 'o', 'r')).toEqual([['repos', 'o', 'r', 'reactions', 'issue', 2]]);
    expect(keysFor({ type: 'notifications.changed' }, 'o', 'r')).toEqual([['notifications']]);
  });
});
