import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { ContentsResponse } from '../api/contents-queries';
import { b64, fakeFile } from '../test-fixtures';
import { FileView } from './file-view';

afterEach(cleanup);

function Hash() {
  return <output aria-label="hash">{useLocation().hash}</output>;
}

function renderFile(f: ContentsResponse, url = '/o/r/src/branch/main/src/x') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <FileView
              file={f}
              rawHref="http://api.test/raw/x?ref=main"
              historyHref="/o/r/commits/branch/main/src/x"
              renderMarkdown={(s) => <div data-testid="md">{s}</div>}
            />
            <Hash />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
}

describe('FileView', () => {
  it('numbers every line with a #L anchor and shows size, line count, Raw and History', async () => {
    renderFile(fakeFile('main.ts', b64('const a = 1;\nconst b = 2;\nexport { a, b };\n')));
    expect(screen.getByRole('link', { name: '1' })).toHaveAttribute('href', '#L1');
    expect(screen.getByRole('link', { name: '3' })).toHaveAttribute('href', '#L3');
    expect(screen.queryByRole('link', { name: '4' })).toBeNull();
    expect(screen.getByText(/3 lines/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Raw' })).toHaveAttribute('href', 'http://api.test/raw/x?ref=main');
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/o/r/commits/branch/main/src/x');
    expect(document.getElementById('L2')).toHaveTextContent('const b = 2;');
    // highlight.js loads lazily and then colours the keywords.
    await waitFor(() => expect(document.querySelector('#L1 .hljs-keyword')).toHaveTextContent('const'));
  });

  it('selects a line on click and a range on shift-click, marking them in the URL', async () => {
    const user = userEvent.setup();
    renderFile(fakeFile('notes.txt', b64('one\ntwo\nthree\nfour\n')));
    await user.click(screen.getByRole('link', { name: '2' }));
    expect(screen.getByLabelText('hash')).toHaveTextContent('#L2');
    expect(screen.getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'location');
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('link', { name: '4' }));
    await user.keyboard('{/Shift}');
    expect(screen.getByLabelText('hash')).toHaveTextContent('#L2-L4');
    expect(screen.getByRole('link', { name: '3' })).toHaveAttribute('aria-current', 'location');
    expect(screen.getByRole('link', { name: '1' })).not.toHaveAttribute('aria-current');
  });

  it('highlights the lines named in the URL on arrival', () => {
    renderFile(fakeFile('notes.txt', b64('one\ntwo\nthree\n')), '/o/r/src/branch/main/notes.txt#L2-L3');
    expect(screen.getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'location');
    expect(screen.getByRole('link', { name: '3' })).toHaveAttribute('aria-current', 'location');
    expect(screen.getByRole('link', { name: '1' })).not.toHaveAttribute('aria-current');
  });

  it('says a binary file cannot be shown and offers a download', () => {
    renderFile(fakeFile('blob.bin', btoa('\x00\x01\x02binary')));
    expect(screen.getByText(/binary and cannot be shown/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download it' })).toHaveAttribute('href', 'http://api.test/raw/x?ref=main');
  });

  it('shows images inline', () => {
    renderFile(fakeFile('logo.png', btoa('\x89PNG\r\n')));
    expect(screen.getByRole('img', { name: 'logo.png' }).getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });

  it('renders Markdown files with a toggle to their source', async () => {
    const user = userEvent.setup();
    renderFile(fakeFile('README.md', b64('# Hello\n')));
    expect(screen.getByTestId('md')).toHaveTextContent('# Hello');
    await user.click(screen.getByRole('link', { name: 'Code' }));
    expect(screen.queryByTestId('md')).toBeNull();
    expect(screen.getByRole('link', { name: '1' })).toHaveAttribute('href', '#L1');
  });
});
