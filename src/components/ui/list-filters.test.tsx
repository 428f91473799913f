import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ActiveFilters, CheckFilter, ChoiceFilter, MilestoneFilter, SortSelect, UsernameFilter } from './list-filters';

const menu = (name: string) => screen.getByText(name, { selector: 'summary' }).closest('details')!;

describe('list filters', () => {
  it('applies a typed username trimmed, closes, and clears it again', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    const { rerender } = render(<UsernameFilter label="Assignee" value="" onApply={onApply} />);
    await user.click(screen.getByText('Assignee', { selector: 'summary' }));
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    await user.type(screen.getByLabelText('Assignee (username)'), '  bob {Enter}');
    expect(onApply).toHaveBeenLastCalledWith('bob');
    expect(menu('Assignee')).not.toHaveAttribute('open');

    rerender(<UsernameFilter key="bob" label="Assignee" value="bob" onApply={onApply} />);
    await user.click(screen.getByText('Assignee', { selector: 'summary' }));
    expect(screen.getByLabelText('Assignee (username)')).toHaveValue('bob');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onApply).toHaveBeenLastCalledWith('');
  });

  it('picks one choice, marks the current one and closes', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(
      <ChoiceFilter
        label="Milestone"
        items={[
          { id: '', title: 'All milestones' },
          { id: '3', title: 'v1.0' },
        ]}
        current="3"
        onPick={onPick}
      />,
    );
    await user.click(screen.getByText('Milestone', { selector: 'summary' }));
    expect(screen.getByRole('button', { name: 'v1.0' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'All milestones' }));
    expect(onPick).toHaveBeenCalledWith('');
    expect(menu('Milestone')).not.toHaveAttribute('open');
  });

  it('offers every milestone after "All milestones", and says when there are none', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const { rerender } = render(<MilestoneFilter milestones={[{ id: 3, title: 'v1.0' }]} current="" onPick={onPick} />);
    await user.click(screen.getByText('Milestone', { selector: 'summary' }));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['All milestones', 'v1.0']);
    await user.click(screen.getByRole('button', { name: 'v1.0' }));
    expect(onPick).toHaveBeenCalledWith('3');
    rerender(<MilestoneFilter milestones={[]} current="" onPick={onPick} />);
    expect(screen.getByText('No milestones yet.')).toBeInTheDocument();
  });

  it('ticks items and stays open; says so when there is nothing to tick', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    const items = [
      { id: 1, name: 'bug' },
      { id: 2, name: 'ui' },
    ];
    const { rerender } = render(
      <CheckFilter
        label="Labels"
        active
        legend="Filter by labels"
        empty="No labels."
        items={items}
        isChecked={(l) => l.id === 2}
        onToggle={onToggle}
        render={(l) => <b>{l.name}</b>}
      />,
    );
    await user.click(screen.getByText('Labels', { selector: 'summary' }));
    expect(screen.getByRole('checkbox', { name: 'ui' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'bug' }));
    expect(onToggle).toHaveBeenCalledWith(items[0]);
    expect(menu('Labels')).toHaveAttribute('open');

    rerender(
      <CheckFilter
        label="Labels"
        active={false}
        legend="Filter by labels"
        empty="No labels."
        items={[]}
        isChecked={() => false}
        onToggle={onToggle}
        render={() => null}
      />,
    );
    expect(screen.getByText('No labels.')).toBeInTheDocument();
  });

  it('reports the chosen sort', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SortSelect
        value="newest"
        sorts={[
          { value: 'newest', label: 'Newest' },
          { value: 'oldest', label: 'Oldest' },
        ]}
        onChange={onChange}
      />,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Oldest');
    expect(onChange).toHaveBeenCalledWith('oldest');
  });

  it('links each active filter to the list without it, and one link clears them all', () => {
    render(
      <MemoryRouter>
        <ActiveFilters items={[{ key: 'p', text: 'author: bob', to: '?state=closed' }]} clearTo="?sort=oldest" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Remove filter author: bob' })).toHaveAttribute('href', '/?state=closed');
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/?sort=oldest');
  });
});
