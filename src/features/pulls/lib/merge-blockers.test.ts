import { describe, expect, it } from 'vitest';
import type { components } from '@/lib/api/schema';
import { fakeBranch, fakePull } from '../test/list-fixtures';
import { contextPatternMatches, protectionState, requiredContexts } from './merge-blockers';

type CombinedStatus = components['schemas']['CombinedStatus'];
type State = components['schemas']['CommitStatus']['status'];

function checks(state: CombinedStatus['state'], list: [string, State][]): CombinedStatus {
  const statuses = list.map(([context, status], i) => ({
    id: i + 1,
    status,
    context,
    description: '',
    target_url: '',
    url: '',
    creator: null,
    created_at: '',
    updated_at: '',
  }));
  return { state, sha: 'a'.repeat(40), total_count: statuses.length, statuses, repository: null, commit_url: '', url: '' };
}

const protectedMain = fakeBranch('main', {
  protected: true,
  effective_branch_protection_name: 'main',
  required_approvals: 2,
  enable_status_check: true,
  status_check_contexts: ['ci/*', 'lint', 'deploy'],
});

describe('contextPatternMatches', () => {
  it('matches required contexts as Gitea compiles them: globs without separator', () => {
    expect(contextPatternMatches('ci/build', 'ci/build')).toBe(true);
    expect(contextPatternMatches('ci/*', 'ci/a/b')).toBe(true);
    expect(contextPatternMatches('ci/?', 'ci/a')).toBe(true);
    expect(contextPatternMatches('{lint,test}', 'test')).toBe(true);
    expect(contextPatternMatches('[ab]uild', 'build')).toBe(true);
    expect(contextPatternMatches('ci/*', 'lint')).toBe(false);
    // Regex characters in a context are literal.
    expect(contextPatternMatches('a.b', 'axb')).toBe(false);
    expect(contextPatternMatches('ci/[', 'ci/x')).toBe(false);
  });
});

describe('protectionState', () => {
  it('takes the server’s merge_blockers as they are, and still knows the rule and whether checks are outstanding', () => {
    const pull = { ...fakePull(), merge_blockers: ['Not enough approvals: 0 of 1.'] };
    expect(protectionState(pull, protectedMain, 5, checks('success', [['ci/x', 'success']]))).toEqual({
      ruleName: 'main',
      blockers: ['Not enough approvals: 0 of 1.'],
      source: 'server',
      checksOutstanding: true, // lint and deploy have not reported
    });
    expect(protectionState({ ...fakePull(), merge_blockers: [] }, protectedMain, 0, null).blockers).toEqual([]);
  });

  it('against Gitea, works out the approvals and each required context from the branch, the reviews and the head’s status', () => {
    const s = protectionState(
      fakePull(),
      protectedMain,
      1,
      checks('failure', [
        ['ci/build', 'success'],
        ['ci/test', 'failure'],
        ['lint', 'pending'],
      ]),
    );
    expect(s.source).toBe('derived');
    expect(s.blockers).toEqual([
      "This pull request doesn't have enough approvals yet. 1 of 2 approvals granted.",
      'Required status checks have not reported yet: deploy.',
      'Required status checks are still running: lint.',
      'Required status checks were not successful: ci/*.',
    ]);
    expect(s.checksOutstanding).toBe(true);
  });

  it('is clear once the approvals and every required context are there', () => {
    const s = protectionState(
      fakePull(),
      protectedMain,
      2,
      checks('success', [
        ['ci/build', 'success'],
        ['lint', 'success'],
        ['deploy', 'success'],
      ]),
    );
    expect(s).toEqual({ ruleName: 'main', blockers: [], source: 'derived', checksOutstanding: false });
  });

  it('with status checks on and no context named, waits for the combined status to succeed', () => {
    const branch = fakeBranch('main', { protected: true, effective_branch_protection_name: 'main', enable_status_check: true });
    expect(protectionState(fakePull(), branch, 0, checks('', [])).blockers).toEqual(['The commit status of this pull request is not passing.']);
    expect(protectionState(fakePull(), branch, 0, checks('', [])).checksOutstanding).toBe(true);
    expect(protectionState(fakePull(), branch, 0, checks('success', [['x', 'success']])).blockers).toEqual([]);
  });

  it('says nothing of an unprotected branch or one not loaded yet', () => {
    expect(protectionState(fakePull(), fakeBranch('main'), 0, null)).toEqual({ ruleName: '', blockers: [], source: 'derived', checksOutstanding: false });
    expect(protectionState(fakePull(), undefined, 0, null).blockers).toEqual([]);
  });

  it('the worst state among contexts matching one pattern decides', () => {
    expect(
      requiredContexts(
        ['ci/*'],
        checks('failure', [
          ['ci/a', 'success'],
          ['ci/b', 'error'],
        ]),
      ),
    ).toEqual({ missing: [], pending: [], failing: ['ci/*'] });
  });
});
