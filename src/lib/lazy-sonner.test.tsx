import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster, toast } from './lazy-sonner';

describe('lazy sonner', () => {
  it('draws nothing until a toast is raised, then shows every toast raised before it arrived', async () => {
    const { container } = render(<Toaster />);
    expect(container.querySelector('[data-sonner-toaster]')).toBeNull();
    let id: string | number = '';
    act(() => {
      id = toast.success('Saved the branch rule');
      toast.error('Could not delete the branch');
    });
    // The first toast waits for sonner's module (slow to transform under Vitest).
    expect(await screen.findByText('Saved the branch rule', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('Could not delete the branch')).toBeInTheDocument();
    // Later toasts go straight through, and the returned id is sonner's own.
    act(() => {
      toast('Third');
    });
    expect(await screen.findByText('Third')).toBeInTheDocument();
    act(() => {
      toast.dismiss(id);
    });
    await expect.poll(() => screen.queryByText('Saved the branch rule')).toBeNull();
  });
});
