import { describe, expect, it, vi } from 'vitest';
import { loadTokenImages, prepareHtml } from './server-html';

const origins = ['http://localhost', 'https://gitea.example'];
const images = { prefix: '/alice/tools/media/branch/main/', to: (p: string) => `/api/v1/repos/alice/tools/raw/${p}?ref=main` };
const el = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
};

describe('prepareHtml', () => {
  it('lets the keyboard reach code blocks, which scroll when wide', () => {
    const out = el(prepareHtml('<pre><code>wide</code></pre>', { origins }));
    expect(out.querySelector('pre')).toHaveAttribute('tabindex', '0');
  });

  it('drops scripts, handlers, javascript: URLs and data attributes the server sent', () => {
    const out = el(
      prepareHtml(
        '<p>hi<script>x()</script><img src="a.png" onerror="x()" data-token-src="/api/v1/user"><a href="javascript:x()">bad</a><a href="#user-content-a" data-x="1">ok</a></p>',
        {
          origins,
        },
      ),
    );
    expect(out.querySelector('script, [onerror], [data-token-src], [data-x]')).toBeNull();
    expect(out.querySelector('a')!.getAttribute('href') ?? '').not.toMatch(/javascript/);
    expect(out.querySelectorAll('a')[1]).toHaveAttribute('href', '#user-content-a');
  });

  it('keeps the server from restyling or covering the app: no styles, forms, app classes or foreign ids', () => {
    const out = el(
      prepareHtml(
        '<style>body{display:none}</style><p style="position:fixed" class="fixed inset-0 z-50">x</p>' +
          '<pre><code class="hljs language-ts"><span class="hljs-title function_">f</span></code></pre>' +
          '<h2 id="root">A</h2><h2 id="user-content-b">B</h2><sup id="fnref:user-content-1">1</sup><a name="main" href="#user-content-b">b</a>' +
          '<form action="https://else.example/"><input type="password" name="pw"><button>Sign in</button></form>' +
          '<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" checked> done</li></ul>' +
          '<a href="https://else.example/" target="preview">named</a>',
        { origins },
      ),
    );
    expect(out.querySelector('style, [style], form, button, input[type=password]')).toBeNull();
    expect(out.querySelector('p')).not.toHaveAttribute('class');
    expect(out.querySelector('code')).toHaveAttribute('class', 'hljs language-ts');
    expect(out.querySelector('code span')).toHaveAttribute('class', 'hljs-title function_');
    expect([...out.querySelectorAll('[id]')].map((e) => e.id)).toEqual(['user-content-b', 'fnref:user-content-1']);
    expect(out.querySelector('[name]')).toBeNull();
    expect(out.querySelector('input[type=checkbox]')).toBeDisabled();
    expect(out.querySelector('li')).toHaveAttribute('class', 'task-list-item');
    expect(out.querySelector('a[target]')).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("makes this forge's absolute links site-relative and keeps new-tab links without opener", () => {
    const out = el(
      prepareHtml('<a href="https://gitea.example/alice/tools/issues/1">#1</a><a href="https://else.example/" target="_blank">x</a>', { origins }),
    );
    expect(out.querySelectorAll('a')[0]).toHaveAttribute('href', '/alice/tools/issues/1');
    expect(out.querySelectorAll('a')[1]).toHaveAttribute('target', '_blank');
    expect(out.querySelectorAll('a')[1]).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("maps the server's /media/ images to the API's raw files, held back when they need the token", () => {
    const html = '<img src="https://gitea.example/alice/tools/media/branch/main/img/my%20logo.png" alt="logo"><img src="https://else.example/x.png">';
    const open = el(prepareHtml(html, { origins, images }));
    expect(open.querySelector('img')).toHaveAttribute('src', '/api/v1/repos/alice/tools/raw/img/my logo.png?ref=main');
    expect(open.querySelectorAll('img')[1]).toHaveAttribute('alt', '');
    const held = el(prepareHtml(html, { origins, images, needsToken: (src) => src.startsWith('/api/') }));
    expect(held.querySelector('img')).not.toHaveAttribute('src');
    expect(held.querySelector('img')).toHaveAttribute('data-token-src', '/api/v1/repos/alice/tools/raw/img/my logo.png?ref=main');
    expect(held.querySelectorAll('img')[1]).toHaveAttribute('src', 'https://else.example/x.png');
  });
});

describe('loadTokenImages', () => {
  it('shows a held-back image from an object URL, its alt text when it fails, and frees the URLs', async () => {
    const root = el('<img data-token-src="/api/ok" alt="ok"><img data-token-src="/api/broken" alt="broken image">');
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    const revoke = vi.fn();
    URL.createObjectURL = vi.fn(() => 'blob:one');
    URL.revokeObjectURL = revoke;
    const stop = loadTokenImages(root, (src) => (src === '/api/ok' ? Promise.resolve(new Blob(['x'])) : Promise.reject(new Error('404'))));
    await vi.waitFor(() => expect(root.querySelector('img')).toHaveAttribute('src', 'blob:one'));
    await vi.waitFor(() => expect(root).toHaveTextContent('broken image'));
    expect(root.querySelectorAll('img')).toHaveLength(1);
    stop();
    expect(revoke).toHaveBeenCalledWith('blob:one');
    URL.createObjectURL = saved.create;
    URL.revokeObjectURL = saved.revoke;
  });
});
