import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api/api-error';
import { OrgForm } from './org-form';
import { fakeOrg } from '../test-fixtures';

describe('OrgForm', () => {
  it('shows each limit before submit and sends what was typed', async () => {
    const onSubmit = vi.fn();
    render(<OrgForm submitLabel="Create organization" pendingLabel="Creating…" pending={false} error={null} onSubmit={onSubmit} />);
    const name = screen.getByLabelText('Organization name');
    expect(name).toHaveAttribute('maxLength', '40');
    expect(screen.getByLabelText('Full name')).toHaveAttribute('maxLength', '100');
    expect(screen.getByLabelText('Location')).toHaveAttribute('maxLength', '50');
    expect(screen.getByLabelText('Description')).toHaveAttribute('maxLength', '255');
    const user = userEvent.setup();
    await user.type(name, 'acme');
    expect(screen.getByText(/^4 \/ 40/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Location'), 'Lisbon');
    expect(screen.getByText('6 / 50')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Private/ }));
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ username: 'acme', location: 'Lisbon', visibility: 'private' }));
  });

  it("puts the server's 422 next to the field it names and keeps the input", async () => {
    const { rerender } = render(<OrgForm submitLabel="Create organization" pendingLabel="Creating…" pending={false} error={null} onSubmit={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Organization name'), 'taken');
    await user.type(screen.getByLabelText('Website'), 'acme.example');
    rerender(
      <OrgForm
        submitLabel="Create organization"
        pendingLabel="Creating…"
        pending={false}
        error={new ApiError(422, { message: 'username: user already exists [name: taken]' })}
        onSubmit={() => {}}
      />,
    );
    expect(screen.getByLabelText('Organization name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('An organization or user named “taken” already exists');
    expect(screen.getByLabelText('Organization name')).toHaveValue('taken');
    expect(screen.getByLabelText('Website')).toHaveValue('acme.example');
  });

  it('edits an existing organization without a name field', () => {
    render(
      <OrgForm
        org={fakeOrg({ full_name: 'Acme Corp', visibility: 'limited' })}
        submitLabel="Save"
        pendingLabel="Saving…"
        pending={false}
        error={null}
        onSubmit={() => {}}
      />,
    );
    expect(screen.queryByLabelText('Organization name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Acme Corp');
    expect(screen.getByRole('radio', { name: /Limited/ })).toBeChecked();
  });
});
