import { describe, expect, it } from 'vitest';
import { fakeRepo } from '@/test/msw';
import { fakePull } from '../test/list-fixtures';
import { conflictCommands } from './conflict-help';

describe('conflictCommands', () => {
  it('merges the base into the head branch and pushes it, naming the conflicting files', () => {
    const pull = fakePull({ head: { ...fakePull().head, ref: 'feature', repo_id: 1 }, base: { ...fakePull().base, ref: 'main', repo_id: 1 } });
    expect(conflictCommands(pull, ['src/calc.js', 'docs/a file.md'])).toEqual([
      'git fetch origin',
      'git checkout feature',
      'git merge origin/main',
      '# Fix the conflicts in your editor, then:',
      "git add src/calc.js 'docs/a file.md'",
      'git commit',
      'git push origin feature',
    ]);
  });

  it('fetches and pushes a fork’s branch at the fork’s URL', () => {
    const base = fakePull();
    const pull = fakePull({
      head: { ...base.head, ref: 'fix', repo_id: 9, repo: fakeRepo({ id: 9, clone_url: 'https://forge.example/bob/tools.git' }) },
      base: { ...base.base, ref: 'main', repo_id: 1 },
    });
    const lines = conflictCommands(pull);
    expect(lines[0]).toBe('git fetch https://forge.example/bob/tools.git fix');
    expect(lines).toContain('git checkout -b fix FETCH_HEAD');
    expect(lines).toContain('git add <the files you fixed>');
    expect(lines.at(-1)).toBe('git push https://forge.example/bob/tools.git fix');
  });
});
