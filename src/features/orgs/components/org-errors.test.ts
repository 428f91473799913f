import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { orgErrorText, orgFormErrors } from './org-errors';

const e422 = (message: string) => new ApiError(422, { message, url: '' });

describe('orgFormErrors', () => {
  it("puts a taken name beside the name field, about an organization or user, from this server's or Gitea's wording", () => {
    expect(orgFormErrors(e422('username: an organization or user named “acme” already exists'), ['username']).fields).toEqual({
      username: 'An organization or user named “acme” already exists',
    });
    expect(orgFormErrors(e422('user already exists [name: acme]'), ['username']).fields).toEqual({
      username: 'An organization or user named “acme” already exists',
    });
    expect(orgFormErrors(e422('user already exists [name: acme]'), ['new_name', 'username'], 'new_name').fields).toEqual({
      new_name: 'An organization or user named “acme” already exists',
    });
  });

  it('words reserved names and duplicate teams', () => {
    expect(orgFormErrors(e422('username: name is reserved [name: admin]'), ['username']).fields.username).toBe('“admin” is reserved.');
    expect(orgFormErrors(e422('team already exists [org_id: 3, name: triage]'), ['name'], 'name').fields).toEqual({
      name: 'This organization already has a team named “triage”',
    });
  });
});

describe('orgErrorText', () => {
  it('says what to do when an organization still owns repositories, without uids', () => {
    expect(orgErrorText(e422('user still has ownership of repositories [uid: 6]'))).toBe(
      'The organization still owns repositories: delete or transfer them first.',
    );
    expect(orgErrorText(e422('the organization still owns 2 repositories: delete or transfer them first'))).toBe(
      'The organization still owns 2 repositories: delete or transfer them first.',
    );
  });

  it("explains the Owners team's last member", () => {
    expect(orgErrorText(e422('user is the last member of owner team [uid: 2]'))).toBe(
      "This is the organization's last owner: add another member to the Owners team first.",
    );
  });
});
