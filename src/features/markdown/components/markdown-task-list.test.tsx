import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { MarkdownView } from './markdown-view';

afterEach(cleanup);

const source = ['Intro', '', '```', '- [ ] in code', '```', '', '- [x] write **tests**', '- [ ] ship it', '  - [ ] nested step', ''].join('\n');

describe('task lists', () => {
  it('names each checkbox after its own text and keeps them read-only for readers', async () => {
    render(
      <MemoryRouter>
        <MarkdownView source={source} />
      </MemoryRouter>,
    );
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual(['write tests', 'ship it', 'nested step']);
    expect(boxes.every((b) => (b as HTMLInputElement).disabled)).toBe(true);
  });

  it('ticking a box reports the source with only that task changed', async () => {
    const onTaskToggle = vi.fn();
    render(
      <MemoryRouter>
        <MarkdownView source={source} onTaskToggle={onTaskToggle} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'ship it' }));
    expect(onTaskToggle).toHaveBeenLastCalledWith(source.replace('- [ ] ship it', '- [x] ship it'));
    await user.click(screen.getByRole('checkbox', { name: 'write tests' }));
    expect(onTaskToggle).toHaveBeenLastCalledWith(source.replace('- [x] write', '- [ ] write'));
    await user.click(screen.getByRole('checkbox', { name: 'nested step' }));
    expect(onTaskToggle).toHaveBeenLastCalledWith(source.replace('  - [ ] nested', '  - [x] nested'));
  });
});
