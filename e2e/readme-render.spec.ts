// Issue #22: the repository home asks for README.md beside the tree (one request round less) and
// has the server render it (POST /markdown), so the page downloads no Markdown renderer; the README
// must render as before: relative links and images resolved inside the repository, heading
// anchors, highlighted code, tables, task lists, emoji and references, external links in a new
// tab, and raw HTML sanitized; links to the repository's files stay in the app. A private
// repository's images still load, and a README by another name still shows.
import { apiAs, createRepo, createUser, expect, rand, screenshots, signIn, test } from './fixtures';

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const README = [
  '# Widget kit',
  '',
  'Read the [guide](docs/guide.md), jump to [usage](#usage) or visit [the site](https://example.com/widgets).',
  '',
  '![logo](img/logo.png)',
  '',
  '## Usage',
  '',
  '```ts',
  'export const answer: number = 42;',
  '```',
  '',
  '| Widget | Size |',
  '|---|---|',
  '| bolt | 3 mm |',
  '',
  '- [x] ship it :rocket:',
  '- [ ] document it, see #1',
  '',
  '<script>window.__readmeScript = 1</script>',
  '<img src="x" onerror="window.__readmeOnerror = 1">',
  '',
  '[bad link](javascript:alert(1))',
  '',
].join('\n');

test('the repository home renders its README: links, images, anchors, code, sanitized HTML', async ({ page, request }) => {
  const owner = await createUser(request, 'readme');
  const name = rand('widgets');
  await createRepo(request, owner, { name, auto_init: true, description: 'Widgets for everyone' });
  const api = `/repos/${owner.username}/${name}`;
  const current = await apiAs(request, owner, 'GET', `${api}/contents/README.md`);
  await apiAs(request, owner, 'PUT', `${api}/contents/README.md`, { content: b64(README), sha: current.sha, message: 'Write the README' }, 200);
  await apiAs(request, owner, 'POST', `${api}/contents/docs/guide.md`, { content: b64('# Guide\n'), message: 'Add the guide' });
  await apiAs(request, owner, 'POST', `${api}/contents/img/logo.png`, { content: b64(PNG), message: 'Add the logo' });

  const posts: string[] = [];
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/markdown') posts.push(r.url());
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`/${owner.username}/${name}`);
  const readme = page.locator('.markdown');
  await expect(readme.getByRole('heading', { name: 'Widget kit', level: 1 })).toHaveAttribute('id', 'user-content-widget-kit');
  // The server drew it: one POST /markdown, and no Markdown renderer or highlighter was downloaded.
  expect(posts).toHaveLength(1);
  expect(scripts.filter((s) => /markdown-renderer|highlight|core-/.test(s))).toEqual([]);
  await expect(readme.getByRole('table')).toContainText('bolt');
  await expect(readme.getByRole('checkbox', { name: 'ship it 🚀' })).toBeChecked();
  await expect(readme.getByRole('checkbox', { name: 'document it, see #1' })).not.toBeChecked();
  await expect(readme.getByRole('link', { name: '#1' })).toHaveAttribute('href', `/${owner.username}/${name}/issues/1`);
  await expect(readme.getByRole('heading', { name: 'Usage', level: 2 })).toHaveAttribute('id', 'user-content-usage');
  await expect(readme.getByRole('link', { name: 'guide' })).toHaveAttribute('href', `/${owner.username}/${name}/src/branch/main/docs/guide.md`);
  await expect(readme.getByRole('link', { name: 'usage' })).toHaveAttribute('href', '#user-content-usage');
  const site = readme.getByRole('link', { name: 'the site' });
  await expect(site).toHaveAttribute('href', 'https://example.com/widgets');
  await expect(site).toHaveAttribute('target', '_blank');
  await expect(site).toHaveAttribute('rel', 'noopener noreferrer');
  const logo = readme.getByRole('img', { name: 'logo' });
  // Images come from the API's raw endpoint at the shown ref.
  await expect(logo).toHaveAttribute('src', new RegExp(`/api/v1/repos/${owner.username}/${name}/raw/img/logo\\.png\\?ref=main$`));
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  // The code block is highlighted.
  await expect(readme.locator('pre code .hljs-keyword').first()).toHaveText('export');
  // Raw HTML is not drawn as HTML (no script, no event handler); a javascript: link loses its URL.
  await expect(readme.locator('script')).toHaveCount(0);
  await expect(readme.locator('[onerror]')).toHaveCount(0);
  await expect(readme.getByText('bad link')).toBeVisible();
  expect(await readme.getByText('bad link').evaluate((a) => a.getAttribute('href') ?? '')).not.toMatch(/javascript:/i);
  expect(await page.evaluate(() => [(window as { __readmeScript?: number }).__readmeScript, (window as { __readmeOnerror?: number }).__readmeOnerror])).toEqual(
    [undefined, undefined],
  );

  // A link to a file in the repository opens it inside the app (the page is not loaded again).
  await page.evaluate(() => ((window as { __samePage?: boolean }).__samePage = true));
  await readme.getByRole('link', { name: 'guide' }).click();
  await expect(page).toHaveURL(new RegExp(`/${owner.username}/${name}/src/branch/main/docs/guide\\.md$`));
  await expect(page.getByRole('heading', { name: 'Guide' })).toBeVisible();
  expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
  await page.goBack();
  await expect(readme.getByRole('heading', { name: 'Widget kit', level: 1 })).toBeVisible();

  await screenshots(page, 'repo-home-readme');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(readme.locator('pre code .hljs-keyword').first()).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/repo-home-readme-light-390.png', fullPage: true });
});

test("a private repository's README shows its images, loaded with the session", async ({ page, request }) => {
  const owner = await createUser(request, 'readme');
  const name = rand('private-readme');
  await createRepo(request, owner, { name, auto_init: true, private: true });
  const api = `/repos/${owner.username}/${name}`;
  const current = await apiAs(request, owner, 'GET', `${api}/contents/README.md`);
  await apiAs(
    request,
    owner,
    'PUT',
    `${api}/contents/README.md`,
    { content: b64('# Secret kit\n\n![logo](img/logo.png)\n'), sha: current.sha, message: 'README' },
    200,
  );
  await apiAs(request, owner, 'POST', `${api}/contents/img/logo.png`, { content: b64(PNG), message: 'Add the logo' });
  await signIn(page, owner);
  await page.goto(`/${owner.username}/${name}`);
  const logo = page.locator('.markdown').getByRole('img', { name: 'logo' });
  await expect(logo).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
});

test('a README by another name than README.md shows on the home page too', async ({ page, request }) => {
  const owner = await createUser(request, 'readme');
  const name = rand('other-readme');
  await createRepo(request, owner, { name, auto_init: true });
  const api = `/repos/${owner.username}/${name}`;
  const current = await apiAs(request, owner, 'GET', `${api}/contents/README.md`);
  await apiAs(request, owner, 'DELETE', `${api}/contents/README.md`, { sha: current.sha, message: 'Drop README.md' }, 200);
  await apiAs(request, owner, 'POST', `${api}/contents/Readme.markdown`, {
    content: b64('# Another name\n\nStill a README.\n'),
    message: 'Readme by another name',
  });

  await page.goto(`/${owner.username}/${name}`);
  await expect(page.locator('.markdown').getByRole('heading', { name: 'Another name' })).toBeVisible();
  await expect(page.getByText('Still a README.')).toBeVisible();
});
