// Which rule protects a branch: the precedence and glob matching every enforcement path shares.
import { describe, expect, it } from 'vitest';
import type { ProtectedBranchRow } from '../src/db/schema.ts';
import { contextMatches, firstMatch, globToRegExp, isPlainRuleName, loadRules, sortRules, toRule } from '../src/services/protection-rules.ts';
import { createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo } from './git-fixtures.ts';

let nextId = 1;
function row(rule_name: string, extra: Partial<ProtectedBranchRow> = {}): ProtectedBranchRow {
  const id = nextId++;
  return {
    id,
    repo_id: 1,
    rule_name,
    priority: 0,
    can_push: 0,
    enable_whitelist: 0,
    whitelist_user_ids: '[]',
    whitelist_team_ids: '[]',
    can_force_push: 0,
    enable_force_push_allowlist: 0,
    force_push_allowlist_user_ids: '[]',
    force_push_allowlist_team_ids: '[]',
    enable_merge_whitelist: 0,
    merge_whitelist_user_ids: '[]',
    merge_whitelist_team_ids: '[]',
    enable_status_check: 0,
    status_check_contexts: '[]',
    enable_approvals_whitelist: 0,
    approvals_whitelist_user_ids: '[]',
    approvals_whitelist_team_ids: '[]',
    required_approvals: 0,
    block_on_rejected_reviews: 0,
    block_on_official_review_requests: 0,
    block_on_outdated_branch: 0,
    dismiss_stale_approvals: 0,
    ignore_stale_approvals: 0,
    require_signed_commits: 0,
    protected_file_patterns: '',
    unprotected_file_patterns: '',
    block_admin_merge_override: 0,
    created_unix: 1_700_000_000 + id,
    updated_unix: 1_700_000_000 + id,
    ...extra,
  };
}

const matches = (pattern: string, branch: string) => toRule(row(pattern)).match(branch);
const winner = (rows: ProtectedBranchRow[], branch: string) => firstMatch(sortRules(rows.map(toRule)), branch)?.ruleName ?? null;

describe('rule names', () => {
  it('treats a name without glob characters as one branch, matched case-insensitively', () => {
    expect(isPlainRuleName('main')).toBe(true);
    expect(isPlainRuleName('release/1.0')).toBe(true);
    expect(isPlainRuleName('release/*')).toBe(false);
    expect(matches('main', 'main')).toBe(true);
    expect(matches('main', 'MAIN')).toBe(true);
    expect(matches('main', 'main2')).toBe(false);
    expect(matches('main', 'feature/main')).toBe(false);
    expect(matches('release/1.0', 'release/1.0')).toBe(true);
  });

  it('matches globs with / as separator: * stays in one segment, ** crosses them', () => {
    expect(matches('release/*', 'release/1.0')).toBe(true);
    expect(matches('release/*', 'release/1.0/hotfix')).toBe(false);
    expect(matches('release/*', 'release')).toBe(false);
    expect(matches('release/**', 'release/1.0/hotfix')).toBe(true);
    expect(matches('**', 'anything/at/all')).toBe(true);
    expect(matches('*', 'main')).toBe(true);
    expect(matches('*', 'feature/x')).toBe(false);
    // Globs are case-sensitive, unlike plain names.
    expect(matches('release/*', 'Release/1.0')).toBe(false);
  });

  it('supports {a,b} alternatives, ? and character classes', () => {
    expect(matches('{main,develop}', 'main')).toBe(true);
    expect(matches('{main,develop}', 'develop')).toBe(true);
    expect(matches('{main,develop}', 'dev')).toBe(false);
    expect(matches('v?', 'v1')).toBe(true);
    expect(matches('v?', 'v10')).toBe(false);
    expect(matches('v[0-9]', 'v7')).toBe(true);
    expect(matches('v[!0-9]', 'v7')).toBe(false);
    expect(matches('v[!0-9]', 'vx')).toBe(true);
    // Regex characters in a glob are literal.
    expect(matches('a.b/*', 'axb/c')).toBe(false);
    expect(matches('a.b/*', 'a.b/c')).toBe(true);
  });

  it('takes a pattern gobwas would reject as a literal name', () => {
    expect(globToRegExp('release/[')).toBeNull();
    expect(globToRegExp('{a,b')).toBeNull();
    expect(matches('release/[', 'release/[')).toBe(true);
    expect(matches('release/[', 'release/x')).toBe(false);
  });

  it('matches required status contexts as globs without a separator', () => {
    expect(contextMatches('ci/*', 'ci/build/linux')).toBe(true);
    expect(contextMatches('ci/*', 'lint')).toBe(false);
    expect(contextMatches('lint', 'lint')).toBe(true);
  });
});

describe('precedence among matching rules', () => {
  it('takes the higher priority first', () => {
    expect(winner([row('main'), row('**', { priority: 5 })], 'main')).toBe('**');
    expect(winner([row('main', { priority: 5 }), row('**')], 'main')).toBe('main');
  });

  it('prefers a plain name over a glob at equal priority, whatever their age', () => {
    const glob = row('ma*');
    const plain = row('main');
    expect(glob.created_unix).toBeLessThan(plain.created_unix);
    expect(winner([glob, plain], 'main')).toBe('main');
    expect(winner([glob, plain], 'mango')).toBe('ma*');
  });

  it('takes the older rule when priority and kind are equal', () => {
    const older = row('release/*');
    const newer = row('release/{1.0,2.0}');
    expect(winner([newer, older], 'release/1.0')).toBe('release/*');
    expect(winner([row('x/*', { created_unix: 10 }), row('*/y', { created_unix: 5 })], 'x/y')).toBe('*/y');
  });

  it('answers null for a branch no rule matches', () => {
    expect(winner([row('main'), row('release/*')], 'feature/x')).toBeNull();
  });
});

describe('loading rules from the database', () => {
  it('reads a repository’s rules in precedence order, parsing their lists', async () => {
    const forge = await createTestForge();
    const owner = await forge.user('owner');
    const name = uniq('repo');
    const { repo } = await createFixtureRepo(forge.deps, owner, name, [{ id: 'c1', message: 'one\n', files: { a: 'a\n' }, date: 1_700_000_000 }]);
    const base = `/repos/${owner.name}/${name}/branch_protections`;
    await forge.req('POST', base, { token: owner.token, body: { rule_name: '**' } });
    await forge.req('POST', base, {
      token: owner.token,
      body: { rule_name: 'main', status_check_contexts: ['ci/*'], enable_push: true, push_whitelist_usernames: [owner.name] },
    });
    await forge.req('POST', base, { token: owner.token, body: { rule_name: 'release/*', priority: 1 } });
    const rules = await loadRules(forge.deps.db, repo.id);
    expect(rules.map((r) => r.ruleName)).toEqual(['release/*', 'main', '**']);
    expect(rules[1]!.statusCheckContexts).toEqual(['ci/*']);
    expect(rules[1]!.pushWhitelistUserIds).toEqual([owner.id]);
    expect(firstMatch(rules, 'release/2')?.ruleName).toBe('release/*');
    expect(firstMatch(rules, 'Main')?.ruleName).toBe('main');
    expect(firstMatch(rules, 'other')?.ruleName).toBe('**');
  });
});
