import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MarkdownRenderer } from './markdown-renderer';

function renderMd(source: string) {
  return render(
    <MemoryRouter>
      <MarkdownRenderer source={source} references={{ owner: 'alice', repo: 'tools' }} />
    </MemoryRouter>,
  );
}

describe('Markdown references', () => {
  it('links @user to the profile and #N / owner/repo#N to issues', () => {
    renderMd('Thanks @bob-1, see #12 and carol/lib#3. Fixed (#4).');
    expect(screen.getByRole('link', { name: '@bob-1' })).toHaveAttribute('href', '/bob-1');
    expect(screen.getByRole('link', { name: '#12' })).toHaveAttribute('href', '/alice/tools/issues/12');
    expect(screen.getByRole('link', { name: 'carol/lib#3' })).toHaveAttribute('href', '/carol/lib/issues/3');
    expect(screen.getByRole('link', { name: '#4' })).toHaveAttribute('href', '/alice/tools/issues/4');
    expect(screen.getByRole('link', { name: '@bob-1' })).toHaveClass('mention');
  });

  it('leaves e-mail addresses, code, existing links and words with # alone', () => {
    const { container } = renderMd('mail me at dan@example.com, `@nobody #9`, [#7](https://x.test/) and a#1 and C#2\n\n```\n@code #5\n```');
    expect(screen.queryByRole('link', { name: '@nobody' })).toBeNull();
    expect(screen.queryByRole('link', { name: '#9' })).toBeNull();
    expect(screen.queryByRole('link', { name: '#5' })).toBeNull();
    expect(screen.getByRole('link', { name: '#7' })).toHaveAttribute('href', 'https://x.test/');
    expect(container.querySelectorAll('a.issue-ref, a.mention')).toHaveLength(0);
    expect(container.textContent).toContain('a#1 and C#2');
  });

  it('without a repository, a bare #N stays text but mentions still link', () => {
    render(
      <MemoryRouter>
        <MarkdownRenderer source="@eve fixed #3" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '@eve' })).toHaveAttribute('href', '/eve');
    expect(screen.queryByRole('link', { name: '#3' })).toBeNull();
  });

  it('neutralises a list of XSS payloads', () => {
    const payloads = [
      '<script>window.__xss=1</script>',
      '<img src=x onerror="window.__xss=1">',
      '<svg onload="window.__xss=1"></svg>',
      '<a href="javascript:window.__xss=1">js link</a>',
      '[md link](javascript:window.__xss=1)',
      '[upper](JaVaScRiPt:window.__xss=1)',
      '[entity](&#106;avascript:window.__xss=1)',
      '<iframe src="javascript:window.__xss=1"></iframe>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>',
      '<div style="background:url(javascript:window.__xss=1)">styled</div>',
      '<form action="javascript:window.__xss=1"><button>go</button></form>',
      '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
      '<details open ontoggle="window.__xss=1">x</details>',
      '<object data="javascript:window.__xss=1"></object>',
      '<embed src="javascript:window.__xss=1">',
      '![img](javascript:window.__xss=1)',
      '<input autofocus onfocus="window.__xss=1">',
      '<body onload="window.__xss=1">',
      '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
      '@"><img src=x onerror=window.__xss=1>',
    ];
    const { container } = renderMd(payloads.join('\n\n'));
    for (const tag of ['script', 'iframe', 'object', 'embed', 'svg', 'form', 'style', 'meta', 'input', 'math']) {
      expect(container.querySelector(tag), tag).toBeNull();
    }
    for (const el of container.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        expect(attr.name, `${el.tagName} ${attr.name}`).not.toMatch(/^on/i);
        expect(attr.value, `${el.tagName} ${attr.name}`).not.toMatch(/^\s*(javascript|data|vbscript):/i);
      }
      expect(el.getAttribute('style')).toBeNull();
    }
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });
});
