import { describe, expect, it, vi } from 'vitest';
import { render as rtlRender, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MarkdownEditor } from './markdown-editor';

// The editor's @/# suggestions read through TanStack Query.
const render = (ui: React.ReactElement) => rtlRender(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

function Harness({ onSubmit, disabled }: { onSubmit: () => void; disabled?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <MarkdownEditor label="Comment" value={value} onChange={setValue} onSubmit={onSubmit} disabled={disabled} preview={(s) => <strong>rendered: {s}</strong>} />
  );
}

describe('MarkdownEditor', () => {
  it('submits on Ctrl+Enter and on Cmd+Enter, not on plain Enter', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const box = screen.getByLabelText('Comment');
    await user.type(box, 'hello{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(box).toHaveValue('hello\n');
  });

  it('shows the preview through the render function and keeps the text when switching back', async () => {
    render(<Harness onSubmit={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByText('Nothing to preview')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Write' }));
    await user.type(screen.getByLabelText('Comment'), '**hi**');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('rendered: **hi**')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Write' }));
    expect(screen.getByLabelText('Comment')).toHaveValue('**hi**');
  });
});
