import { describe, expect, it } from 'vitest';
import { fakeRepo, fakeUser } from '@/test/msw';
import { fakePull } from '../test/list-fixtures';
import { allowedMergeStyles, defaultMergeMessage, hasWipPrefix, withoutWipPrefix } from './merge-message';

describe('merge choices', () => {
  it('lists the allowed styles with the repository default first', () => {
    const repo = fakeRepo({
      allow_merge_commits: true,
      allow_rebase: true,
      allow_rebase_explicit: false,
      allow_squash_merge: true,
      allow_fast_forward_only_merge: true,
      allow_manual_merge: false,
      default_merge_style: 'rebase',
    });
    expect(allowedMergeStyles(repo)).toEqual(['rebase', 'merge', 'squash', 'fast-forward-only']);
    // A default that is not allowed does not sneak in.
    expect(allowedMergeStyles({ ...repo, default_merge_style: 'rebase-merge' })).toEqual(['merge', 'rebase', 'squash', 'fast-forward-only']);
  });

  it('proposes Gitea’s titles: the merge line (owner/repo:branch from a fork), "title (#N)" for squash, nothing for rebase', () => {
    const pull = fakePull({ number: 3, title: 'Fix it', head: { label: 'fix', ref: 'fix', sha: 'a', repo_id: 1, repo: null } });
    expect(defaultMergeMessage(pull, 'merge').title).toBe("Merge pull request 'Fix it' (#3) from fix into main");
    expect(defaultMergeMessage(pull, 'rebase-merge').title).toBe("Merge pull request 'Fix it' (#3) from fix into main");
    expect(defaultMergeMessage(pull, 'squash').title).toBe('Fix it (#3)');
    expect(defaultMergeMessage(pull, 'rebase')).toEqual({ title: '', message: '' });
    const fork = fakeRepo({ id: 9, name: 'hello', owner: fakeUser({ login: 'bob' }), full_name: 'bob/hello' });
    const fromFork = fakePull({
      number: 3,
      title: 'Fix it',
      head: { label: 'bob:fix', ref: 'fix', sha: 'a', repo_id: 9, repo: fork },
      base: { label: 'main', ref: 'main', sha: 'b', repo_id: 1, repo: fakeRepo() },
    });
    expect(defaultMergeMessage(fromFork, 'merge').title).toBe("Merge pull request 'Fix it' (#3) from bob/hello:fix into main");
  });

  it('reads and removes Gitea’s WIP prefixes in any case', () => {
    expect(hasWipPrefix('WIP: x')).toBe(true);
    expect(hasWipPrefix('[wip] x')).toBe(true);
    expect(hasWipPrefix('Wipe the cache')).toBe(false);
    expect(withoutWipPrefix('wip:  Add search')).toBe('Add search');
    expect(withoutWipPrefix('[WIP] Add search')).toBe('Add search');
  });
});
