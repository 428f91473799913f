import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MarkdownRenderer } from './markdown-renderer';

describe('MarkdownRenderer emoji', () => {
  it('renders :+1: and :tada: as emoji once the map has loaded, not inside code', async () => {
    render(
      <MemoryRouter>
        <MarkdownRenderer source={'Great :+1: :tada: and `:+1:`'} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/Great 👍 🎉 and/)).toBeInTheDocument();
    expect(screen.getByText(':+1:').tagName).toBe('CODE');
  });
});
