import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { DiffFiles, type DiffAnnotation, type DiffFilesProps } from './diff-files';
import { HUGE_FILE_LINES } from '../lib/diff-model';

const fileDiff = (path: string, body = '@@ -1,3 +1,3 @@\n keep\n-old line\n+new line\n end\n') =>
  `diff --git a/${path} b/${path}\nindex 1111111..2222222 100644\n--- a/${path}\n+++ b/${path}\n${body}`;

const diff = `${fileDiff('src/a.ts')}${fileDiff('src/b.ts', '@@ -1,4 +1,5 @@\n one\n-two\n+TWO\n+two and a half\n three\n four\n')}diff --git a/docs/guide.md b/docs/guide.md
new file mode 100644
index 0000000..3333333
--- /dev/null
+++ b/docs/guide.md
@@ -0,0 +1,2 @@
+# Guide
+Read me.
`;

function renderDiff(props: Partial<DiffFilesProps> = {}) {
  const all = { diff, style: 'unified' as const, ...props };
  const utils = render(<DiffFiles {...all} />, { wrapper: MemoryRouter });
  return { ...utils, rerender: (next: Partial<DiffFilesProps>) => utils.rerender(<DiffFiles {...all} {...next} />) };
}

const file = (path: string) => screen.getByRole('region', { name: new RegExp(`^${path.replace(/[.]/g, '\\.')}`) });
/** The text of each row of a file's table, cell by cell. */
const rowsOf = (region: HTMLElement) =>
  [...region.querySelectorAll('tbody > tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.dataset.prefix ?? '') + td.textContent).join('|'));

beforeEach(() => {
  localStorage.clear();
  // jsdom does not scroll; the engine asks the window to.
  window.scrollTo = vi.fn() as never;
});

describe('DiffFiles: drawing', () => {
  it('draws every file with its header and unified rows in diff2html classes', () => {
    renderDiff();
    expect(screen.getByText(/changed files/).closest('p')).toHaveTextContent('Showing 3 changed files with 5 additions and 2 deletions');
    const a = file('src/a.ts');
    expect(within(a).getByRole('heading', { name: 'src/a.ts' })).toBeInTheDocument();
    expect(within(a).getByText('modified')).toBeInTheDocument();
    expect(rowsOf(a)).toEqual(['|@@ -1,3 +1,3 @@', '1|1| keep', '2||-old line', '|2|+new line', '3|3| end']);
    expect(a.querySelector('tr.d2h-del')).toHaveTextContent('old line');
    expect(a.querySelector('tr.d2h-ins')).toHaveTextContent('new line');
    // The changed word of a paired line is marked.
    expect(a.querySelector('tr.d2h-ins ins')).toHaveTextContent('new');
    expect(within(file('docs/guide.md')).getByText('added')).toBeInTheDocument();
  });

  it('draws side by side: deletions on the left beside the insertions on the right', () => {
    renderDiff({ style: 'split' });
    const b = file('src/b.ts');
    expect(b.querySelector('.d2h-file-side-diff')).not.toBeNull();
    expect(rowsOf(b)).toEqual(['|@@ -1,4 +1,5 @@', '1| one|1| one', '2|-two|2|+TWO', '||3|+two and a half', '3| three|4| three', '4| four|5| four']);
  });

  it('says what the caller asks when there is nothing to show', () => {
    renderDiff({ diff: '', emptyText: 'This commit changes no files.' });
    expect(screen.getByRole('heading', { name: 'This commit changes no files.' })).toBeInTheDocument();
  });

  it('links each file that exists at the head, not a deleted one', () => {
    const withDeleted = `${diff}diff --git a/old.txt b/old.txt\ndeleted file mode 100644\nindex 1..0\n--- a/old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n`;
    renderDiff({ diff: withDeleted, fileHref: (p) => `/o/r/src/commit/abc/${p}` });
    expect(within(file('src/a.ts')).getByRole('link', { name: 'View file src/a.ts' })).toHaveAttribute('href', '/o/r/src/commit/abc/src/a.ts');
    expect(within(file('old.txt')).queryByRole('link')).toBeNull();
  });

  it('keeps a huge file behind "Load diff" until asked', async () => {
    const n = HUGE_FILE_LINES + 20;
    const huge = `diff --git a/data/big.csv b/data/big.csv\nnew file mode 100644\nindex 0000000..4444444\n--- /dev/null\n+++ b/data/big.csv\n@@ -0,0 +1,${n} @@\n${Array.from({ length: n }, (_, i) => `+row ${i + 1}`).join('\n')}\n`;
    renderDiff({ diff: `${fileDiff('src/a.ts')}${huge}` });
    const big = file('data/big.csv');
    expect(within(big).getByText(`Large diff not shown (${n.toLocaleString('en-US')} changed lines).`)).toBeInTheDocument();
    expect(within(big).queryByText('row 1')).toBeNull();
    await userEvent.click(within(big).getByRole('button', { name: 'Load diff of data/big.csv' }));
    // Drawn in slices: the first rows at once, the last a few tasks later.
    expect(within(big).getByText('row 1')).toBeInTheDocument();
    expect(await within(big).findByText(`row ${n}`, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('collapses and expands a file from its header', async () => {
    renderDiff();
    const a = file('src/a.ts');
    await userEvent.click(within(a).getByRole('button', { name: 'Collapse src/a.ts' }));
    expect(a).not.toHaveTextContent('new line');
    await userEvent.click(within(a).getByRole('button', { name: 'Expand src/a.ts' }));
    expect(a).toHaveTextContent('new line');
  });

  it('draws only the files near the viewport, not all of a large diff (a small one whole)', async () => {
    const body = `@@ -1,10 +1,10 @@\n${Array.from({ length: 10 }, (_, i) => `-old ${i}\n+new ${i}`).join('\n')}\n`;
    const many = Array.from({ length: 300 }, (_, i) => fileDiff(`pkg/f${String(i).padStart(3, '0')}.ts`, body)).join('');
    renderDiff({ diff: many, fileTree: true });
    const drawn = document.querySelectorAll('[data-file-index]').length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(30);
    // The first files are drawn before the rest is read: the file count is known, the line counts come after.
    const summary = screen.getByText(/changed files/).closest('p')!;
    expect(summary).toHaveTextContent(/^Showing 300 changed files, \d+ read so far…$/);
    expect(summary.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(summary).toHaveTextContent('Showing 300 changed files with 3,000 additions and 3,000 deletions'));
    expect(summary.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
    // The tree lists every file all the same.
    await waitFor(() =>
      expect(within(screen.getByRole('navigation', { name: 'Changed files' })).getAllByRole('button', { name: /^f\d{3}\.ts/ })).toHaveLength(300),
    );
    expect(document.querySelectorAll('[data-file-index]').length).toBeLessThan(30);
  });

  it('draws a small diff whole', () => {
    const few = Array.from({ length: 60 }, (_, i) => fileDiff(`pkg/f${String(i).padStart(3, '0')}.ts`)).join('');
    renderDiff({ diff: few });
    expect(document.querySelectorAll('[data-file-index]')).toHaveLength(60);
  });
});

describe('DiffFiles: comments', () => {
  it('selects a range with click and shift+click on line numbers and reports it from "+"', async () => {
    const user = userEvent.setup();
    const onCommentRange = vi.fn();
    renderDiff({ onCommentRange });
    const b = file('src/b.ts');
    const newNumber = (n: number) => b.querySelector<HTMLElement>(`td[data-side="new"][data-line="${n}"]`)!;
    await user.click(newNumber(2));
    await user.keyboard('{Shift>}');
    await user.click(newNumber(4));
    await user.keyboard('{/Shift}');
    expect([...b.querySelectorAll('tr.is-selected')].map((tr) => tr.querySelectorAll('td')[1]!.textContent)).toEqual(['2', '3', '4']);
    await user.click(within(b).getByRole('button', { name: 'Comment on new line 4 of src/b.ts' }));
    expect(onCommentRange).toHaveBeenLastCalledWith({ path: 'src/b.ts', side: 'new', start: 2, end: 4 });

    // "+" on a line outside the selection comments on that line alone (a deletion: the old side).
    await user.hover(b.querySelector<HTMLElement>('td[data-side="old"][data-line="2"]')!);
    await user.click(within(b).getByRole('button', { name: 'Comment on old line 2 of src/b.ts' }));
    expect(onCommentRange).toHaveBeenLastCalledWith({ path: 'src/b.ts', side: 'old', start: 2, end: 2 });
  });

  it('moves "+" with the arrow keys and selects lines with shift+arrows', async () => {
    const user = userEvent.setup();
    const onCommentRange = vi.fn();
    renderDiff({ onCommentRange });
    const b = file('src/b.ts');
    act(() =>
      within(b)
        .getByRole('button', { name: /^Comment on/ })
        .focus(),
    );
    expect(within(b).getByRole('button', { name: 'Comment on new line 1 of src/b.ts' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(b).getByRole('button', { name: 'Comment on old line 2 of src/b.ts' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(b).getByRole('button', { name: 'Comment on new line 2 of src/b.ts' })).toHaveFocus();
    await user.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    expect(within(b).getByRole('button', { name: 'Comment on new line 4 of src/b.ts' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onCommentRange).toHaveBeenLastCalledWith({ path: 'src/b.ts', side: 'new', start: 2, end: 4 });
  });

  it('selects on one side in split view', async () => {
    const user = userEvent.setup();
    const onCommentRange = vi.fn();
    renderDiff({ style: 'split', onCommentRange });
    const b = file('src/b.ts');
    await user.click(b.querySelector<HTMLElement>('td[data-side="old"][data-line="1"]')!);
    await user.keyboard('{Shift>}');
    await user.click(b.querySelector<HTMLElement>('td[data-side="old"][data-line="3"]')!);
    await user.keyboard('{/Shift}');
    expect(b.querySelectorAll('td.diff-num.is-selected')).toHaveLength(3);
    await user.click(within(b).getByRole('button', { name: 'Comment on old line 3 of src/b.ts' }));
    expect(onCommentRange).toHaveBeenLastCalledWith({ path: 'src/b.ts', side: 'old', start: 1, end: 3 });
  });

  it('has no "+" buttons and no selection without onCommentRange', () => {
    renderDiff();
    expect(screen.queryByRole('button', { name: /^Comment on/ })).toBeNull();
  });
});

describe('DiffFiles: annotations', () => {
  const note = (key: string, side: 'old' | 'new', line: number): DiffAnnotation => ({ key, side, line, node: <p>thread {key}</p> });

  it('draws each annotation right after its line, and outdated ones at the top of their file', () => {
    renderDiff({
      annotations: {
        'src/b.ts': [note('on-new-3', 'new', 3), note('on-old-2', 'old', 2), note('gone', 'new', 40)],
      },
    });
    const b = file('src/b.ts');
    const trs = [...b.querySelectorAll('tbody > tr')];
    const after = (line: string) => trs[trs.findIndex((tr) => rowsOf(b)[trs.indexOf(tr)]!.endsWith(line)) + 1]!;
    expect(after('-two')).toHaveTextContent('thread on-old-2');
    expect(after('+two and a half')).toHaveTextContent('thread on-new-3');
    const outdated = within(b).getByLabelText('Outdated comments');
    expect(outdated).toHaveTextContent('thread gone');
    // At the top: before the table.
    expect(outdated.compareDocumentPosition(b.querySelector('table')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('places them beside their side in split view', () => {
    renderDiff({ style: 'split', annotations: { 'src/b.ts': [note('left', 'old', 2), note('right', 'new', 2)] } });
    const row = file('src/b.ts').querySelector('tr.diff-annotation')!;
    const [left, right] = row.querySelectorAll('td');
    expect(left).toHaveTextContent('thread left');
    expect(right).toHaveTextContent('thread right');
  });
});

describe('DiffFiles: viewed', () => {
  it('persists a Viewed mark, folds the file, and forgets it when the file diff changes', async () => {
    const first = renderDiff({ viewedKey: 'alice/hello/pulls/1' });
    await userEvent.click(within(file('src/a.ts')).getByRole('checkbox', { name: 'Viewed src/a.ts' }));
    expect(file('src/a.ts')).not.toHaveTextContent('new line');
    expect(screen.getByText('1 / 3 viewed')).toBeInTheDocument();
    first.unmount();

    // Another visit: still viewed, still folded.
    const again = renderDiff({ viewedKey: 'alice/hello/pulls/1' });
    expect(within(file('src/a.ts')).getByRole('checkbox', { name: 'Viewed src/a.ts' })).toBeChecked();
    expect(file('src/a.ts')).not.toHaveTextContent('new line');
    // Another pull request does not share it.
    again.rerender({ viewedKey: 'alice/hello/pulls/2' });
    expect(within(file('src/a.ts')).getByRole('checkbox', { name: 'Viewed src/a.ts' })).not.toBeChecked();

    // A push changed src/a.ts: the mark no longer counts; src/b.ts keeps its own.
    again.rerender({ viewedKey: 'alice/hello/pulls/1' });
    await userEvent.click(within(file('src/b.ts')).getByRole('checkbox', { name: 'Viewed src/b.ts' }));
    again.rerender({ viewedKey: 'alice/hello/pulls/1', diff: diff.replace('+new line', '+newer line') });
    expect(within(file('src/a.ts')).getByRole('checkbox', { name: 'Viewed src/a.ts' })).not.toBeChecked();
    expect(file('src/a.ts')).toHaveTextContent('newer line');
    expect(within(file('src/b.ts')).getByRole('checkbox', { name: 'Viewed src/b.ts' })).toBeChecked();
  });

  it('has no Viewed checkbox without a viewedKey', () => {
    renderDiff();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('DiffFiles: file tree', () => {
  it('shows folders, status, counts and viewed marks, and brings a file into view on click', async () => {
    localStorage.clear();
    renderDiff({ fileTree: true, viewedKey: 'k' });
    const tree = screen.getByRole('navigation', { name: 'Changed files' });
    expect(within(tree).getByRole('button', { name: 'src' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(tree).getByRole('button', { name: 'guide.md (added), 2 additions, 0 deletions' })).toBeInTheDocument();
    await userEvent.click(within(file('src/b.ts')).getByRole('checkbox', { name: 'Viewed src/b.ts' }));
    expect(within(tree).getByRole('button', { name: 'b.ts (modified, viewed), 2 additions, 1 deletion' })).toBeInTheDocument();

    await userEvent.click(within(tree).getByRole('button', { name: /^a\.ts/ }));
    expect(window.scrollTo).toHaveBeenCalled();
    expect(file('src/a.ts')).toHaveFocus();

    await userEvent.click(within(tree).getByRole('button', { name: 'src' }));
    expect(within(tree).queryByRole('button', { name: /^a\.ts/ })).toBeNull();
  });
});

describe('DiffFiles: keyboard', () => {
  it('moves between files with j and k, marks viewed with v, and lists the shortcuts with ?', async () => {
    const user = userEvent.setup();
    renderDiff({ keyboard: true, viewedKey: 'kb' });
    await user.keyboard('j');
    expect(file('src/a.ts')).toHaveFocus();
    await user.keyboard('j');
    expect(file('src/b.ts')).toHaveFocus();
    await user.keyboard('k');
    expect(file('src/a.ts')).toHaveFocus();
    await user.keyboard('v');
    expect(within(file('src/a.ts')).getByRole('checkbox', { name: 'Viewed src/a.ts' })).toBeChecked();
    await user.keyboard('v');
    expect(within(file('src/a.ts')).getByRole('checkbox', { name: 'Viewed src/a.ts' })).not.toBeChecked();

    await user.keyboard('?');
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const key of ['j', 'k', 'n', 'p', 'v', '?']) expect(within(dialog).getByText(key, { selector: 'kbd' })).toBeInTheDocument();
    // Keys belong to the dialog while it is open.
    await user.keyboard('j');
    expect(file('src/a.ts')).toHaveFocus();
  });

  it('jumps between annotations with n and p, opening a folded file', async () => {
    const user = userEvent.setup();
    const annotations = {
      'src/a.ts': [{ key: 't1', side: 'new' as const, line: 2, node: <p>first thread</p> }],
      'docs/guide.md': [{ key: 't2', side: 'new' as const, line: 1, node: <p>second thread</p> }],
    };
    renderDiff({ keyboard: true, annotations });
    await user.click(within(file('docs/guide.md')).getByRole('button', { name: 'Collapse docs/guide.md' }));
    expect(screen.queryByText('second thread')).toBeNull();
    // From the folded file (the collapse button has the focus): its thread, the file opened.
    await user.keyboard('n');
    await waitFor(() => expect(screen.getByText('second thread').parentElement).toHaveFocus());
    await user.keyboard('p');
    await waitFor(() => expect(screen.getByText('first thread').parentElement).toHaveFocus());
    await user.keyboard('n');
    await waitFor(() => expect(screen.getByText('second thread').parentElement).toHaveFocus());
  });

  it('ignores shortcuts while typing in a field, and without keyboard', async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <MemoryRouter>
        <input aria-label="Comment" />
        <DiffFiles diff={diff} style="unified" keyboard />
      </MemoryRouter>,
    );
    await user.click(screen.getByLabelText('Comment'));
    await user.keyboard('j');
    expect(screen.getByLabelText('Comment')).toHaveValue('j');
    expect(screen.getByLabelText('Comment')).toHaveFocus();
    unmount();

    renderDiff();
    await act(async () => user.keyboard('j'));
    expect(document.body).toHaveFocus();
  });
});

describe('DiffFiles: syntax highlighting', () => {
  const tsChange = fileDiff('src/config.ts', '@@ -1,3 +1,3 @@\n /* settings,\n    one per line */\n-const limit = 10;\n+const limit = 20;\n');

  it('draws the rows plain first, then swaps in highlighted lines that keep the word-diff mark', async () => {
    renderDiff({ diff: tsChange });
    const region = file('src/config.ts');
    // The first paint does not wait for highlight.js.
    expect(region.querySelector('[class^="hljs-"]')).toBeNull();
    expect(region.querySelector('tr.d2h-ins')).toHaveTextContent('const limit = 20;');
    await waitFor(() => expect(region.querySelector('tr.d2h-ins .hljs-keyword')).toHaveTextContent('const'));
    // The comment spans two lines of the hunk: both are coloured as a comment.
    const comments = [...region.querySelectorAll('tr.d2h-cntx .hljs-comment')].map((el) => el.textContent);
    expect(comments).toEqual(['/* settings,', '   one per line */']);
    // The changed number is still marked on each side, inside its colour, and the text reads the same.
    expect(region.querySelector('tr.d2h-ins ins .hljs-number')).toHaveTextContent('20');
    expect(region.querySelector('tr.d2h-del del .hljs-number')).toHaveTextContent('10');
    expect(rowsOf(region)).toEqual(['|@@ -1,3 +1,3 @@', '1|1| /* settings,', '2|2|    one per line */', '3||-const limit = 10;', '|3|+const limit = 20;']);
  });

  it('highlights side by side too', async () => {
    renderDiff({ diff: tsChange, style: 'split' });
    const region = file('src/config.ts');
    await waitFor(() => expect(region.querySelector('td.d2h-del del .hljs-number')).toHaveTextContent('10'));
    expect(region.querySelector('td.d2h-ins ins .hljs-number')).toHaveTextContent('20');
  });

  it('leaves a file in an unknown language plain', async () => {
    renderDiff({ diff: `${fileDiff('notes/todo.unknownext', '@@ -1 +1 @@\n-const a = 1;\n+const a = 2;\n')}${tsChange}` });
    // Once the .ts file is highlighted, the other one has had its chance too.
    await waitFor(() => expect(file('src/config.ts').querySelector('.hljs-keyword')).not.toBeNull());
    const plain = file('notes/todo.unknownext');
    expect(plain.querySelector('[class^="hljs-"]')).toBeNull();
    expect(plain.querySelector('tr.d2h-ins ins')).toHaveTextContent('2');
  });
});
