import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MarkdownView, type MarkdownViewProps } from './markdown-view';

function renderMarkdown(props: MarkdownViewProps) {
  const view = render(
    <MemoryRouter>
      <MarkdownView {...props} />
    </MemoryRouter>,
  );
  return view;
}

afterEach(cleanup);

describe('MarkdownView', () => {
  it('drops scripts, event handlers and javascript: links', async () => {
    const { container } = await renderMarkdown({
      source: [
        '# Title',
        '',
        '<script>window.pwned = true</script>',
        '',
        '<img src="x.png" onerror="window.pwned = true">',
        '',
        '[click me](javascript:alert(1))',
        '',
        'safe text',
      ].join('\n'),
    });
    expect(await screen.findByRole('heading', { name: 'Title' })).toBeInTheDocument();
    expect(screen.getByText('safe text')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|javascript:/i);
    const link = screen.getByText('click me').closest('a');
    expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('renders GFM: a table, a task list with disabled boxes, strikethrough, autolinks and footnotes', async () => {
    await renderMarkdown({
      source: [
        '| Name | Size |',
        '| ---- | ---: |',
        '| a.txt | 10 |',
        '',
        '- [x] done',
        '- [ ] todo',
        '',
        '~~old~~ and https://example.org/page',
        '',
        'A claim.[^1]',
        '',
        '[^1]: The source.',
      ].join('\n'),
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'a.txt' })).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toBeChecked();
    expect(boxes[1]).not.toBeChecked();
    boxes.forEach((b) => expect(b).toBeDisabled());
    expect(screen.getByText('old').tagName).toBe('DEL');
    expect(screen.getByRole('link', { name: 'https://example.org/page' })).toHaveAttribute('href', 'https://example.org/page');
    // The footnote reference points at the footnote's (sanitized) id.
    const ref = screen.getByRole('link', { name: '1' });
    const target = ref.getAttribute('href')!.slice(1);
    expect(document.getElementById(target)).toHaveTextContent('The source.');
  });

  it('opens other hosts in a new tab without an opener and resolves relative links against the repository', async () => {
    await renderMarkdown({
      source: '[docs](https://other.example.com/docs) [guide](guide/intro.md) [up](../LICENSE) ![logo](img/logo.png) [top](#title)\n\n## Title',
      baseHref: '/alice/tools/src/branch/feature/x/docs/',
      imageBaseHref: 'http://api.test/api/v1/repos/alice/tools/raw/docs/?ref=feature%2Fx',
    });
    const external = await screen.findByRole('link', { name: 'docs' });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    const guide = screen.getByRole('link', { name: 'guide' });
    expect(guide).toHaveAttribute('href', '/alice/tools/src/branch/feature/x/docs/guide/intro.md');
    expect(guide).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'up' })).toHaveAttribute('href', '/alice/tools/src/branch/feature/x/LICENSE');
    expect(screen.getByRole('img', { name: 'logo' })).toHaveAttribute('src', 'http://api.test/api/v1/repos/alice/tools/raw/docs/img/logo.png?ref=feature%2Fx');
    const heading = screen.getByRole('heading', { name: 'Title' });
    expect(screen.getByRole('link', { name: 'top' })).toHaveAttribute('href', `#${heading.id}`);
  });

  it('highlights fenced code blocks', async () => {
    const { container } = await renderMarkdown({ source: '```js\nconst answer = 42;\n```' });
    await screen.findByText('42');
    expect(container.querySelector('code.language-js')).not.toBeNull();
    expect(container.querySelector('code .hljs-keyword')).toHaveTextContent('const');
    // A wide block scrolls: the keyboard reaches it.
    expect(container.querySelector('pre')).toHaveAttribute('tabindex', '0');
  });
});
