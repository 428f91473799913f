import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TitleHeader, type TitleHeaderProps } from './title-header';

function setup(over: Partial<TitleHeaderProps> = {}) {
  const props: TitleHeaderProps = {
    title: 'Crash on start',
    number: 12,
    canEdit: true,
    inputId: 'thing-title',
    onSave: vi.fn(),
    saving: false,
    onStartEdit: vi.fn(),
    badge: <span>Open</span>,
    subtitle: <span>opened by alice</span>,
    ...over,
  };
  const view = render(<TitleHeader {...props} />);
  return { props, user: userEvent.setup(), rerender: (p: Partial<TitleHeaderProps>) => view.rerender(<TitleHeader {...props} {...p} />) };
}

describe('TitleHeader', () => {
  it('shows the title, number, badge and subtitle; no Edit button for those who may not edit', () => {
    setup({ canEdit: false });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Crash on start #12');
    expect(screen.getByRole('banner')).toHaveTextContent('Openopened by alice');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('saves a changed title trimmed and leaves editing once the page says it is done', async () => {
    const { props, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(props.onStartEdit).toHaveBeenCalledOnce();
    const input = screen.getByLabelText('Title');
    await user.clear(input);
    await user.type(input, '  Crash when offline {Enter}');
    expect(props.onSave).toHaveBeenCalledWith('Crash when offline', expect.any(Function));
    expect(screen.getByLabelText('Title')).toBeInTheDocument();
    const done = vi.mocked(props.onSave).mock.calls[0]![1];
    act(() => done());
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('leaves without saving when the title did not change, or on Escape', async () => {
    const { props, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByLabelText('Title')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Title'), ' more{Escape}');
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(props.onSave).not.toHaveBeenCalled();
  });

  it('cannot save an empty title, and shows why a save failed next to the input', async () => {
    const { user, rerender } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Title'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    rerender({ error: 'title is too long' });
    expect(screen.getByRole('alert')).toHaveTextContent('title is too long');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('title is too long');
    rerender({ error: null, saving: true });
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  });
});
