import { describe, expect, it } from 'vitest';
import { changedFields, createBody, serverErrors, toDraft, validateDraft } from './rule-draft';
import { fakeRule } from './test-fixtures';

describe('rule draft', () => {
  it('starts from Gitea’s defaults on create and sends numbers and trimmed patterns', () => {
    const d = { ...toDraft(), rule_name: ' main ', priority: '3', required_approvals: '2', protected_file_patterns: ' a.txt ;; docs/** ' };
    expect(createBody(d)).toMatchObject({
      rule_name: 'main',
      priority: 3,
      required_approvals: 2,
      protected_file_patterns: 'a.txt;docs/**',
      enable_push: false,
    });
  });

  it('sends only changed fields on edit, comparing lists without order', () => {
    const rule = fakeRule({ push_whitelist_usernames: ['a', 'b'], required_approvals: 1 });
    const initial = toDraft(rule);
    expect(changedFields(initial, { ...initial, push_whitelist_usernames: ['b', 'a'] })).toEqual({});
    expect(changedFields(initial, { ...initial, push_whitelist_usernames: ['a'], required_approvals: '1', block_on_outdated_branch: true })).toEqual({
      push_whitelist_usernames: ['a'],
      block_on_outdated_branch: true,
    });
  });

  it('refuses empty names, invalid globs and numbers that are not whole and non-negative', () => {
    expect(validateDraft({ ...toDraft(), rule_name: 'release/*' })).toEqual({});
    const errors = validateDraft({ ...toDraft(), rule_name: 'release/{a', priority: '1.5', required_approvals: '-1', unprotected_file_patterns: 'ok;[' });
    expect(Object.keys(errors).sort()).toEqual(['priority', 'required_approvals', 'rule_name', 'unprotected_file_patterns']);
  });

  it('places the server’s message beside the field it concerns', () => {
    const d = { ...toDraft(), merge_whitelist_usernames: ['carol'], push_whitelist_usernames: ['bob'], approvals_whitelist_teams: ['qa'] };
    expect(serverErrors('Branch protection already exist', d)).toEqual({ rule_name: 'Branch protection already exist' });
    expect(serverErrors('enable_push_whitelist: bad value', d)).toEqual({ enable_push_whitelist: 'enable_push_whitelist: bad value' });
    // Gitea names the unknown user or team, not the list: the list holding that name gets it.
    const carol = 'user does not exist [uid: 0, name: carol]';
    expect(serverErrors(carol, d)).toEqual({ merge_whitelist_usernames: carol });
    const qa = 'team does not exist [org_id 3, team_id 0, name: qa]';
    expect(serverErrors(qa, d)).toEqual({ approvals_whitelist_teams: qa });
    expect(serverErrors('database is locked', d)).toEqual({ general: 'database is locked' });
  });
});
