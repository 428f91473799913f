import { describe, expect, it } from 'vitest';
import { branchNameProblem, fieldSentence, labelNameProblem, repoNameProblem } from './name-rules';

describe('repository names (the server rule)', () => {
  it('accepts letters, digits, dash, underscore and dot', () => {
    expect(repoNameProblem('my-repo_1.0')).toBeNull();
  });
  it.each([
    ['', 'Enter a repository name.'],
    ['a'.repeat(101), 'Use at most 100 characters.'],
    ['my repo', 'Use only letters, digits, dashes (-), underscores (_) and dots (.).'],
    ['..', '“..” is reserved.'],
    ['tools.git', 'A repository name cannot end in “.git”.'],
    ['Notes.WIKI', 'A repository name cannot end in “.wiki”.'],
  ])('refuses %j', (name, sentence) => expect(repoNameProblem(name)).toBe(sentence));
});

describe('branch names (git check-ref-format and the server limits)', () => {
  it('accepts ordinary and slashed names', () => {
    expect(branchNameProblem('feature/login-v2')).toBeNull();
  });
  it.each([
    ['', 'Enter a branch name.'],
    ['a b', 'A branch name cannot contain spaces or control characters.'],
    ['a:b', 'A branch name cannot contain ~ ^ : ? * [ or \\.'],
    ['-x', 'A branch name cannot start with a dash.'],
    ['a..b', 'A branch name cannot contain “..”.'],
    ['a/', 'A branch name cannot start or end with “/” or have an empty part between slashes.'],
    ['x.lock', 'No part of a branch name may end with “.lock”.'],
    ['a/.hidden', 'No part of a branch name may start with a dot.'],
    ['HEAD', '“HEAD” cannot be a branch name.'],
    ['b'.repeat(101), 'Use at most 100 characters.'],
  ])('refuses %j', (name, sentence) => expect(branchNameProblem(name)).toBe(sentence));
});

describe('label names', () => {
  it('need some text', () => {
    expect(labelNameProblem('  ')).toBe('Enter a label name.');
    expect(labelNameProblem('bug')).toBeNull();
  });
});

describe('fieldSentence: server refusals as sentences', () => {
  it.each([
    ['new_branch_name: invalid branch name "a b"', 'A branch name cannot contain spaces or control characters.'],
    ['default_branch: invalid branch name "x..y"', 'A branch name cannot contain “..”.'],
    ['name: must be valid alpha or numeric or dash(-_) or dot characters [name: a b]', 'Use only letters, digits, dashes (-), underscores (_) and dots (.).'],
    ['name: name is reserved [name: ..]', '“..” is reserved.'],
    ['name: name pattern is not allowed [pattern: *.git]', 'A name cannot end in “.git”.'],
    ['name: must be at most 100 characters', 'Use at most 100 characters.'],
    ['name: must not be empty', 'Enter a name.'],
    ['[Name]: something else [name: x]', 'Something else'],
    ['new_branch_name: is not a valid branch name', 'This is not a valid branch name'],
  ])('%j', (message, sentence) => expect(fieldSentence(message)).toBe(sentence));
});
