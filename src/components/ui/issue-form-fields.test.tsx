import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BodyField, CheckListField, MilestoneSelect } from './issue-form-fields';

const labels = [
  { id: 1, name: 'bug' },
  { id: 2, name: 'ui' },
];

function Labels({ error }: { error?: string }) {
  const [value, setValue] = useState<number[]>([2]);
  return (
    <>
      <CheckListField
        legend="Labels"
        empty="No labels in this repository."
        items={labels}
        value={value}
        onChange={setValue}
        render={(l) => <i>{l.name}</i>}
        error={error}
      />
      <output aria-label="picked">{value.join(',')}</output>
    </>
  );
}

describe('new issue and pull request fields', () => {
  it('ticks and unticks items by id, and shows the field error', async () => {
    const user = userEvent.setup();
    render(<Labels error="label 9 does not exist" />);
    const group = screen.getByRole('group', { name: 'Labels' });
    expect(within(group).getByRole('checkbox', { name: 'ui' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'bug' }));
    await user.click(within(group).getByRole('checkbox', { name: 'ui' }));
    expect(screen.getByLabelText('picked')).toHaveTextContent(/^1$/);
    expect(within(group).getByRole('alert')).toHaveTextContent('label 9 does not exist');
  });

  it('says when there are no items', () => {
    render(<CheckListField legend="Labels" empty="No labels in this repository." items={[]} value={[]} onChange={() => {}} render={() => null} />);
    expect(screen.getByRole('group', { name: 'Labels' })).toHaveTextContent('No labels in this repository.');
  });

  it('groups milestones into open and closed, and reports the choice as an id or null', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <MilestoneSelect
        milestones={[
          { id: 3, title: 'v1.0', state: 'closed' },
          { id: 4, title: 'v2.0', state: 'open' },
        ]}
        value={3}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Milestone' });
    expect(select).toHaveDisplayValue('v1.0');
    expect(
      within(screen.getByRole('group', { name: 'Open' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['v2.0']);
    expect(
      within(screen.getByRole('group', { name: 'Closed' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['v1.0']);
    await user.selectOptions(select, 'v2.0');
    expect(onChange).toHaveBeenLastCalledWith(4);
    await user.selectOptions(select, 'No milestone');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('leaves out a milestone group with nothing in it', () => {
    render(<MilestoneSelect milestones={[{ id: 4, title: 'v2.0', state: 'open' }]} value={null} onChange={() => {}} />);
    expect(screen.queryByRole('group', { name: 'Closed' })).toBeNull();
  });

  it("draws the page's description editor, or a plain textarea without one", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<BodyField value="" onChange={onChange} onSubmit={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'x');
    expect(onChange).toHaveBeenCalledWith('x');
    rerender(
      <BodyField
        value="hello"
        onChange={onChange}
        onSubmit={() => {}}
        error="too long"
        render={(p) => (
          <p>
            editor: {p.value}, {p.error}
          </p>
        )}
      />,
    );
    expect(screen.getByText('editor: hello, too long')).toBeInTheDocument();
  });
});
