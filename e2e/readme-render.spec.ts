// Issue #22: the repository home asks for README.md beside the tree (one request round less) and
// loads the Markdown code alongside; the README must render as before: relative links and images
// resolved inside the repository, heading anchors, highlighted code, external links in a new tab,
// and raw HTML sanitized. A README by another name still shows (after the listing names it).
import { apiAs, createRepo, createUser, expect, rand, screenshots, test } from './fixtures';

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

  await page.goto(`/${owner.username}/${name}`);
  const readme = page.locator('.markdown');
  await expect(readme.getByRole('heading', { name: 'Widget kit', level: 1 })).toHaveAttribute('id', 'user-content-widget-kit');
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

  await screenshots(page, 'repo-home-readme');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(readme.locator('pre code .hljs-keyword').first()).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/repo-home-readme-light-390.png', fullPage: true });
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
