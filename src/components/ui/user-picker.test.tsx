import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { fakeUser } from '@/test/msw';
import { UserPicker, type UserPickerProps } from './user-picker';

const people = [fakeUser({ id: 1, login: 'alice', full_name: 'Alice Liddell' }), fakeUser({ id: 2, login: 'bob' }), fakeUser({ id: 3, login: 'bella' })];
// The page hands in the search; here it answers from a fixed list instead of the network.
const search = (q: string) => queryOptions({ queryKey: ['test-users', q], queryFn: async () => people.filter((u) => u.login.includes(q)) });

function renderWithQueries(ui: React.ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
  return userEvent.setup();
}

function ChosenList(props: Partial<UserPickerProps> & { initial?: string[]; error?: string }) {
  const [value, setValue] = useState(props.initial ?? []);
  return <UserPicker label="Assignees" search={search} value={value} onChange={setValue} error={props.error} exclude={props.exclude} />;
}

const matches = async () => within(await screen.findByRole('list', { name: 'Matching users' }));

describe('UserPicker', () => {
  it('adds found people as chips, leaves chosen and excluded ones out of the results, and removes chips', async () => {
    const user = renderWithQueries(<ChosenList initial={['bella']} exclude={['alice']} />);
    const chosen = screen.getByRole('list', { name: 'Chosen assignees' });
    expect(chosen).toHaveTextContent('bella');

    await user.type(screen.getByLabelText('Assignees'), 'b');
    await waitFor(async () => expect((await matches()).getAllByRole('button').map((b) => b.textContent)).toEqual(['bob']));
    await user.click((await matches()).getByRole('button', { name: 'bob' }));
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['bella×', 'bob×']);
    expect(screen.getByLabelText('Assignees')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove bella from assignees' }));
    expect(
      within(screen.getByRole('list', { name: 'Chosen assignees' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['bob×']);
  });

  it('says when nobody matches, and shows the field error linked to the input', async () => {
    const user = renderWithQueries(<ChosenList error="bob cannot be assigned" />);
    expect(screen.getByLabelText('Assignees')).toHaveAccessibleDescription('bob cannot be assigned');
    await user.type(screen.getByLabelText('Assignees'), 'zed');
    expect(await (await matches()).findByText('No matching users.')).toBeInTheDocument();
  });

  it('as an action, reports each pick at once, without chips', async () => {
    const onPick = vi.fn();
    const user = renderWithQueries(<UserPicker label="Request a review from" search={search} onPick={onPick} exclude={['alice']} />);
    expect(screen.getByLabelText('Request a review from')).toHaveFocus();
    await user.type(screen.getByLabelText('Request a review from'), 'a');
    await waitFor(async () => expect((await matches()).getAllByRole('button').map((b) => b.textContent)).toEqual(['bella']));
    await user.click((await matches()).getByRole('button', { name: 'bella' }));
    expect(onPick).toHaveBeenCalledWith('bella');
    expect(screen.queryByRole('list', { name: /Chosen/ })).toBeNull();
  });

  it('as an action, offers no pick while disabled (a request is on its way)', async () => {
    const onPick = vi.fn();
    const user = renderWithQueries(<UserPicker label="Request a review from" search={search} onPick={onPick} disabled />);
    await user.type(screen.getByLabelText('Request a review from'), 'bob');
    const bob = await (await matches()).findByRole('button', { name: 'bob' });
    expect(bob).toBeDisabled();
    await user.click(bob);
    expect(onPick).not.toHaveBeenCalled();
  });
});
