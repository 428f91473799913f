import { describe, expect, it } from 'vitest';
import { ApiError } from './api/api-error';
import { formErrors } from './form-errors';

const FIELDS = ['title', 'due_date'] as const;
const refused = (message: string, status = 422) => new ApiError(status, { message, url: '' });

describe('formErrors', () => {
  it('has nothing to say without an error', () => {
    expect(formErrors(null, FIELDS)).toEqual({ fields: {}, general: null });
  });

  it('puts our server\'s "field: reason" next to that field, capitalized', () => {
    expect(formErrors(refused('title: must not be empty'), FIELDS)).toEqual({ fields: { title: 'Must not be empty' }, general: null });
  });

  it("reads Gitea's binding errors ([DueDate]: reason) as the snake_case field", () => {
    expect(formErrors(refused('[DueDate]: invalid date'), FIELDS)).toEqual({ fields: { due_date: 'Invalid date' }, general: null });
  });

  it('keeps a message for a field the form does not have, or any other failure, general', () => {
    expect(formErrors(refused('head: no such branch'), FIELDS)).toEqual({ fields: {}, general: 'head: no such branch' });
    expect(formErrors(refused('title: taken', 409), FIELDS)).toEqual({ fields: {}, general: 'title: taken' });
    expect(formErrors(new Error('Failed to fetch'), FIELDS)).toEqual({ fields: {}, general: 'Failed to fetch' });
  });
});
