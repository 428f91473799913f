import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useKeyboardShortcuts } from '../lib/use-keyboard-shortcuts';
import { ShortcutsDialog } from './shortcuts-dialog';

afterEach(cleanup);

function Harness({ spy }: { spy: (what: string) => void }) {
  const [help, setHelp] = useState(false);
  useKeyboardShortcuts({
    '/': () => document.getElementById('q')?.focus(),
    '?': () => setHelp(true),
    t: () => spy('finder'),
    'g c': () => spy('code'),
    'g i': () => spy('issues'),
  });
  return (
    <div>
      <input id="q" aria-label="Search" />
      <textarea aria-label="Comment" />
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </div>
  );
}

describe('keyboard shortcuts', () => {
  it('runs single keys and two-key sequences', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    await userEvent.keyboard('t');
    await userEvent.keyboard('gc');
    await userEvent.keyboard('gi');
    expect(spy.mock.calls.map((c) => c[0])).toEqual(['finder', 'code', 'issues']);
    // "g" then an unrelated key runs nothing, and "c" alone is no shortcut.
    await userEvent.keyboard('gxc');
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('"/" focuses the search box, and keys typed in a field are left alone', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    await userEvent.keyboard('/');
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(search).toHaveFocus();
    await userEvent.keyboard('tgc');
    expect(search).toHaveValue('tgc');
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 't?gi');
    expect(spy).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('"?" lists every shortcut in a dialog', async () => {
    render(<Harness spy={() => {}} />);
    await userEvent.keyboard('?');
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const text of ['Focus the search box', 'Show this list of shortcuts', 'Go to file: find a file by name', 'Go to the code', 'Go to the issues']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    const code = within(dialog).getByText('Go to the code').closest('div')!;
    expect(Array.from(code.querySelectorAll('kbd')).map((k) => k.textContent)).toEqual(['g', 'c']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
