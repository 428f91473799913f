import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useWhitespaceMode, WhitespaceToggle } from './whitespace-toggle';

function Page() {
  return (
    <>
      <WhitespaceToggle />
      <p>mode: {useWhitespaceMode()}</p>
    </>
  );
}

const renderAt = (url: string) => {
  const router = createMemoryRouter([{ path: '/files', element: <Page /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
};

describe('WhitespaceToggle', () => {
  it('keeps the mode in the URL, leaving the default out', async () => {
    const router = renderAt('/files?style=split');
    expect(screen.getByText('mode: show-all')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Whitespace' }), 'Ignore all whitespace');
    expect(router.state.location.search).toBe('?style=split&whitespace=ignore-all');
    expect(screen.getByText('mode: ignore-all')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Whitespace' }), 'Show all whitespace');
    expect(router.state.location.search).toBe('?style=split');
  });

  it('reads a shared link', () => {
    renderAt('/files?whitespace=ignore-eol');
    expect(screen.getByRole('combobox', { name: 'Whitespace' })).toHaveValue('ignore-eol');
    expect(screen.getByText('mode: ignore-eol')).toBeInTheDocument();
  });

  it('falls back to showing all for a value it does not know', () => {
    renderAt('/files?whitespace=bogus');
    expect(screen.getByText('mode: show-all')).toBeInTheDocument();
  });
});
