// Gitea's POST /markdown and /markdown/raw (issue #22): sanitized HTML from the web app's own
// Markdown stack, for anyone, with links and references resolved against the Context.
import { describe, expect, it, vi } from 'vitest';
import { createTestForge } from './helpers.ts';
import { MARKDOWN_MAX_BYTES, markdownProcessor, renderMarkdown } from '../src/services/markdown/render.ts';
import { cachedRender } from '../src/services/markdown/cache.ts';

const forge = await createTestForge();

const render = (body: unknown, token?: string) => forge.req('POST', '/markdown', { body, token });
const raw = (text: string) => forge.app.request('/api/v1/markdown/raw', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: text });

describe('POST /markdown', () => {
  it('renders for an anonymous caller as text/html', async () => {
    const r = await render({ Text: '# Hello\n\n**bold** and _it_', Mode: 'gfm' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(r.text).toBe('<h1 id="user-content-hello">Hello</h1>\n<p><strong>bold</strong> and <em>it</em></p>');
  });

  it('answers an empty text with an empty body', async () => {
    const r = await render({ Text: '', Mode: 'gfm' });
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
  });

  it('refuses a body that is not JSON (400, as the spec), an unknown mode and a field of the wrong type (422)', async () => {
    const bad = await forge.app.request('/api/v1/markdown', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"Text": ' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/JSON/);
    const mode = await render({ Text: 'x', Mode: 'asciidoc' });
    expect(mode.status).toBe(422);
    expect(mode.body.message).toBe('Unknown mode: asciidoc');
    expect((await render({ Text: 42 })).status).toBe(422);
  });

  it('refuses a text over the limit with 413', async () => {
    const r = await render({ Text: 'a'.repeat(MARKDOWN_MAX_BYTES + 1), Mode: 'gfm' });
    expect(r.status).toBe(413);
    expect(r.body.message).toMatch(/too large/);
  });

  it('drops scripts, event handlers and javascript: links', async () => {
    const r = await render({
      Text: '<script>alert(1)</script>\n\n<img src="x" onerror="alert(1)">\n\n[bad](javascript:alert(1)) <a href="javascript:alert(2)">also</a>\n\n[ok](https://example.com)',
      Mode: 'gfm',
    });
    expect(r.status).toBe(200);
    expect(r.text).not.toMatch(/<script|onerror|javascript:/i);
    expect(r.text).toContain('<a>bad</a>');
    expect(r.text).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>');
  });

  it('renders GFM tables, task lists, strikethrough and emoji shortcodes', async () => {
    const r = await render({ Text: '| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] to do\n\n~~old~~ :tada: `:tada:`', Mode: 'gfm' });
    expect(r.text).toContain('<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>');
    expect(r.text).toContain('<td>1</td>');
    expect(r.text).toContain('<li class="task-list-item"><input type="checkbox" checked disabled aria-label="done"> done</li>');
    expect(r.text).toContain('<input type="checkbox" disabled aria-label="to do">');
    expect(r.text).toContain('<del>old</del> 🎉 <code>:tada:</code>');
  });

  it('highlights fenced code with highlight.js classes', async () => {
    const r = await render({ Text: '```ts\nexport const x = 1;\n```', Mode: 'gfm' });
    expect(r.text).toContain('<pre><code class="hljs language-ts"><span class="hljs-keyword">export</span>');
  });

  it('links #N, owner/repo#N, @user and commit ids against the Context', async () => {
    const r = await render({ Text: 'See #12, other/thing#3, @alice and 1a2b3c4d5e6f7a8b, not 1234567, `#4` or a#5.', Mode: 'comment', Context: '/owner/repo' });
    expect(r.text).toContain('<a href="/owner/repo/issues/12" class="issue-ref">#12</a>');
    expect(r.text).toContain('<a href="/other/thing/issues/3" class="issue-ref">other/thing#3</a>');
    expect(r.text).toContain('<a href="/alice" class="mention">@alice</a>');
    expect(r.text).toContain('<a href="/owner/repo/commit/1a2b3c4d5e6f7a8b" class="commit-ref"><code>1a2b3c4d5e</code></a>');
    expect(r.text).toContain('not 1234567, <code>#4</code> or a#5.');
  });

  it('keeps line breaks in comments only, and links nothing in plain markdown mode', async () => {
    expect((await render({ Text: 'one\ntwo', Mode: 'comment' })).text).toBe('<p>one<br>\ntwo</p>');
    expect((await render({ Text: 'one\ntwo', Mode: 'gfm' })).text).toBe('<p>one\ntwo</p>');
    expect((await render({ Text: '#1 @bob', Mode: 'markdown', Context: '/owner/repo' })).text).toBe('<p>#1 @bob</p>');
  });

  it('resolves relative links in the Context folder and images under /media/, as Gitea', async () => {
    const r = await render({
      Text: '[guide](docs/guide.md) [up](../x.md) [anchor](#usage) [abs](/elsewhere)\n\n![logo](img/logo.png)',
      Mode: 'gfm',
      Context: '/owner/repo/src/branch/main',
    });
    expect(r.text).toContain('<a href="/owner/repo/src/branch/main/docs/guide.md">guide</a>');
    expect(r.text).toContain('<a href="/owner/repo/src/branch/x.md">up</a>');
    expect(r.text).toContain('<a href="#user-content-usage">anchor</a>');
    expect(r.text).toContain('<a href="/elsewhere">abs</a>');
    expect(r.text).toContain('<img src="/owner/repo/media/branch/main/img/logo.png" alt="logo" loading="lazy">');
    // A context with the forge's URL gives absolute links on it, which stay in the same tab.
    const abs = await render({ Text: '[guide](docs/guide.md)', Mode: 'gfm', Context: 'http://localhost:3000/owner/repo/src/branch/main/sub' });
    expect(abs.text).toBe('<p><a href="http://localhost:3000/owner/repo/src/branch/main/sub/docs/guide.md">guide</a></p>');
    // One on another host makes them links there, which open in a new tab as every link there does.
    const other = await render({ Text: '[guide](docs/guide.md) #1', Mode: 'gfm', Context: 'https://other.example/owner/repo' });
    expect(other.text).toBe(
      '<p><a href="https://other.example/owner/repo/docs/guide.md" target="_blank" rel="noopener noreferrer">guide</a> ' +
        '<a href="https://other.example/owner/repo/issues/1" class="issue-ref" target="_blank" rel="noopener noreferrer">#1</a></p>',
    );
  });

  it('gives headings unique anchors', async () => {
    const r = await render({ Text: '# Usage\n\n## Usage\n\n### Ünïcode & more!', Mode: 'gfm' });
    expect(r.text).toBe(
      '<h1 id="user-content-usage">Usage</h1>\n<h2 id="user-content-usage-1">Usage</h2>\n<h3 id="user-content-ünïcode--more">Ünïcode &#x26; more!</h3>',
    );
  });

  it('renders the same for a signed-in caller', async () => {
    const u = await forge.user();
    const r = await render({ Text: '*x*', Mode: 'gfm' }, u.token);
    expect(r.status).toBe(200);
    expect(r.text).toBe('<p><em>x</em></p>');
  });
});

describe('renderMarkdown', () => {
  it('builds each processor once and keeps each text to its own context when renders overlap', async () => {
    expect(markdownProcessor('gfm')).toBe(markdownProcessor('file'));
    expect(markdownProcessor('comment')).toBe(markdownProcessor('comment'));
    expect(markdownProcessor('')).toBe(markdownProcessor('markdown'));
    const texts = Array.from({ length: 6 }, (_, i) => ({ text: `#${i} [doc](doc.md)`, mode: 'gfm', context: `/owner/repo${i}/src/branch/main` }));
    const out = await Promise.all(texts.map((t) => renderMarkdown(t, 'http://localhost:3000/')));
    out.forEach((html, i) => {
      expect(html).toBe(`<p><a href="/owner/repo${i}/issues/${i}" class="issue-ref">#${i}</a> <a href="/owner/repo${i}/src/branch/main/doc.md">doc</a></p>`);
    });
  });

  it('renders a text once for everyone who asks for it in the same context (a README on every visit)', async () => {
    const spy = vi.spyOn(markdownProcessor('gfm'), 'process');
    try {
      const readme = { Text: `# Cached ${Math.random()}\n\nSee [docs](docs/a.md).`, Mode: 'gfm', Context: '/owner/repo/src/branch/main' };
      const [a, b] = await Promise.all([render(readme), render(readme)]);
      const c = await render(readme);
      expect(a.text).toContain('<a href="/owner/repo/src/branch/main/docs/a.md">docs</a>');
      expect([b.text, c.text]).toEqual([a.text, a.text]);
      expect(spy).toHaveBeenCalledTimes(1);
      // Another folder or another text is another rendering.
      const elsewhere = await render({ ...readme, Context: '/owner/repo/src/branch/dev' });
      expect(elsewhere.text).toContain('<a href="/owner/repo/src/branch/dev/docs/a.md">docs</a>');
      await render({ ...readme, Text: `${readme.Text}!` });
      expect(spy).toHaveBeenCalledTimes(3);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('renderMarkdown on a forge under a sub-path', () => {
  it('keeps the sub-path where the context has it, and adds it nowhere the context lacks it', async () => {
    expect(await renderMarkdown({ text: '@al', mode: 'gfm' }, 'http://localhost:3000/forge/')).toBe('<p><a href="/forge/al" class="mention">@al</a></p>');
    const text = '#1 @al [a](a.md) ![i](i.png)';
    const at = (context: string) => renderMarkdown({ text, mode: 'gfm', context }, 'http://localhost:3000/forge/');
    expect(await at('/forge/o/r/src/branch/main')).toBe(
      '<p><a href="/forge/o/r/issues/1" class="issue-ref">#1</a> <a href="/forge/al" class="mention">@al</a> <a href="/forge/o/r/src/branch/main/a.md">a</a> <img src="/forge/o/r/media/branch/main/i.png" alt="i" loading="lazy"></p>',
    );
    expect(await at('/o/r/src/branch/main')).toBe(
      '<p><a href="/o/r/issues/1" class="issue-ref">#1</a> <a href="/al" class="mention">@al</a> <a href="/o/r/src/branch/main/a.md">a</a> <img src="/o/r/media/branch/main/i.png" alt="i" loading="lazy"></p>',
    );
  });
});

describe('cachedRender', () => {
  it('keeps the most recently used renderings and forgets the oldest, and never keeps a failure', async () => {
    let renders = 0;
    const html = (text: string) => cachedRender(text, ['test-evict'], async () => `<p>${text} ${++renders}</p>`);
    expect(await html('first')).toBe('<p>first 1</p>');
    for (let i = 0; i < 1000; i++) await html(`filler ${i}`);
    expect(renders).toBe(1001);
    expect(await html('filler 999')).toBe('<p>filler 999 1001</p>');
    expect(await html('first')).toBe('<p>first 1002</p>');
    await expect(cachedRender('boom', ['test-evict'], () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await cachedRender('boom', ['test-evict'], async () => 'fine')).toBe('fine');
  });
});

describe('POST /markdown/raw', () => {
  it('renders the body as plain Markdown', async () => {
    const r = await raw('# Title\n\n#1 <script>x</script> [a](javascript:x)');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await r.text()).toBe('<h1 id="user-content-title">Title</h1>\n<p>#1 x <a>a</a></p>');
  });

  it('refuses a body over the limit with 413', async () => {
    const r = await raw('a'.repeat(MARKDOWN_MAX_BYTES + 1));
    expect(r.status).toBe(413);
  });
});
