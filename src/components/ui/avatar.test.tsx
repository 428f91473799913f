import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Avatar } from './avatar';

afterEach(cleanup);

describe('Avatar', () => {
  it('shows the initial for an author without a picture', () => {
    render(<Avatar name="ghost-writer" size={36} />);
    const a = screen.getByTestId('initial-avatar');
    expect(a).toHaveAttribute('data-initial', 'G');
    expect(a).toHaveTextContent(''); // drawn by CSS, so names beside it read cleanly
    expect(a).toHaveAttribute('title', 'ghost-writer');
  });

  it('shows the picture, and the initial when it fails to load', () => {
    const { container } = render(<Avatar name="alice" src="https://x.test/a.png" />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://x.test/a.png');
    fireEvent.error(img);
    expect(screen.getByTestId('initial-avatar')).toHaveAttribute('data-initial', 'A');
  });
});
