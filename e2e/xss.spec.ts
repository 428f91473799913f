// Known XSS payloads fed through an issue's title, body, a label and comments, then rendered in
// Chromium: nothing may run. Every payload, if it ran, would set window.__xss and open an alert.
import type { Page } from '@playwright/test';
import { test, expect, createUser, createRepo, rand, apiAs, signInWithCookie } from './fixtures';

// The page's Content-Security-Policy would stop most payloads even if the sanitizer let them
// through, hiding a sanitizer bug; this spec checks the sanitizer itself, so it runs with CSP
// bypassed (the policy has its own server test, server/test/security-headers.test.ts).
test.use({ bypassCSP: true });

// `run(n)` is the script each payload tries to execute.
const run = (n: number) => `window.__xss=${n};alert(${n})`;
const enc = (s: string) => [...s].map((c) => `&#${c.charCodeAt(0)};`).join('');
const b64 = (s: string) => Buffer.from(s).toString('base64');

const PAYLOADS: [string, (n: number) => string][] = [
  ['script tag', (n) => `<script>${run(n)}</script>`],
  ['img onerror', (n) => `<img src=x onerror="${run(n)}">`],
  ['svg onload', (n) => `<svg onload="${run(n)}"></svg>`],
  ['svg animate onbegin', (n) => `<svg><animate onbegin="${run(n)}" attributeName="x" dur="1s"/></svg>`],
  ['svg a xlink:href', (n) => `<svg><a xlink:href="javascript:${run(n)}"><text x="20" y="20">svg link</text></a></svg>`],
  ['markdown javascript link', (n) => `[click me](javascript:${run(n)})`],
  ['markdown mixed-case scheme', (n) => `[click me too](JaVaScRiPt:${run(n)})`],
  ['markdown javascript link with spaces', (n) => `[spaced](<javascript :${run(n)}>)`],
  ['markdown entity-encoded scheme', (n) => `[encoded](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${run(n)})`],
  ['markdown hex-entity scheme', (n) => `[hex](&#x6A;avascript&colon;${run(n)})`],
  ['markdown reference link', (n) => `[by reference][evil]\n\n[evil]: javascript:${run(n)}`],
  ['markdown image javascript src', (n) => `![pic](javascript:${run(n)})`],
  ['markdown image attribute break-out', (n) => `![pic](x" onerror="${run(n)})`],
  ['autolink javascript', (n) => `<javascript:${run(n)}>`],
  ['autolink data html', (n) => `<data:text/html;base64,${b64(`<script>${run(n)}</script>`)}>`],
  ['markdown data: html link', (n) => `[data link](data:text/html;base64,${b64(`<script>${run(n)}</script>`)})`],
  ['markdown data: svg image', (n) => `![svg](data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${run(n)}"/>`)})`],
  ['html a javascript href', (n) => `<a href="javascript:${run(n)}">html link</a>`],
  ['html a entity-encoded href', (n) => `<a href="${enc('javascript:')}${run(n)}">entity link</a>`],
  ['html a with onclick', (n) => `<a href="https://example.com/" onclick="${run(n)}">onclick link</a>`],
  ['iframe srcdoc', (n) => `<iframe srcdoc="<script>parent.window.__xss=${n};parent.alert(${n})</script>"></iframe>`],
  ['iframe javascript src', (n) => `<iframe src="javascript:parent.window.__xss=${n}"></iframe>`],
  ['details ontoggle', (n) => `<details open ontoggle="${run(n)}"><summary>toggle</summary>inside</details>`],
  ['style expression / url(javascript:)', (n) => `<p style="width:expression(${run(n)});background:url(javascript:${run(n)})">styled</p>`],
  ['style tag @import', (n) => `<style>@import "javascript:${run(n)}"; body{background:url("javascript:${run(n)}")}</style>`],
  ['math mglyph mutation', (n) => `<math><mtext><table><mglyph><style><img src=x onerror="${run(n)}">`],
  ['noscript mutation', (n) => `<noscript><p title="</noscript><img src=x onerror=${run(n)}>">`],
  ['object data', (n) => `<object data="javascript:${run(n)}"></object><embed src="javascript:${run(n)}">`],
  ['form action', (n) => `<form action="javascript:${run(n)}"><button>send</button></form>`],
  ['input autofocus onfocus', (n) => `<input autofocus onfocus="${run(n)}">`],
  ['base href', (n) => `<base href="javascript:${run(n)}//">[relative](page)`],
  ['meta refresh', (n) => `<meta http-equiv="refresh" content="0;url=javascript:${run(n)}">`],
  ['html inside code block', (n) => `\`\`\`html\n<img src=x onerror="${run(n)}"><script>${run(n)}</script>\n\`\`\``],
  ['html inside inline code', (n) => `\`<img src=x onerror="${run(n)}">\``],
  ['mention and reference break-out', (n) => `@"><img src=x onerror=${run(n)}> and #1"><img src=x onerror=${run(n)}>`],
  ['footnote with html', (n) => `A note[^evil].\n\n[^evil]: <img src=x onerror="${run(n)}"> [back](javascript:${run(n)})`],
  ['table cell html', (n) => `| a | b |\n|---|---|\n| <img src=x onerror="${run(n)}"> | [x](javascript:${run(n)}) |`],
  ['vbscript link', (n) => `[vb](vbscript:msgbox(${n}))`],
];

const marker = (i: number) => `Payload ${String(i + 1).padStart(2, '0')}`;
const commentBody = (i: number) => `${marker(i)} (${PAYLOADS[i]![0]})\n\n${PAYLOADS[i]![1](i + 1)}`;
const BAD_SCHEME = /^\s*(javascript|vbscript|data):/i;

interface Scan {
  markers: string[];
  problems: string[];
  /** Links in rendered Markdown that keep the reader on this page (in-page fragments, no href). */
  samePage: number;
}

/** Inspects every rendered Markdown block currently in the DOM. */
function scanMarkdown(page: Page): Promise<Scan> {
  return page.evaluate((badSource) => {
    const bad = new RegExp(badSource, 'i');
    const forbidden = 'script,iframe,frame,object,embed,form,base,meta,link,style,svg,math,textarea,select,button,noscript';
    const urlAttrs = ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster', 'data', 'background', 'cite'];
    const problems: string[] = [];
    const markers = new Set<string>();
    let samePage = 0;
    for (const root of document.querySelectorAll('main .markdown')) {
      for (const m of (root.textContent ?? '').matchAll(/Payload \d\d/g)) markers.add(m[0]);
      for (const el of root.querySelectorAll(forbidden)) problems.push(`<${el.tagName.toLowerCase()}> rendered: ${el.outerHTML.slice(0, 120)}`);
      for (const el of [root, ...root.querySelectorAll('*')]) {
        for (const a of el.attributes) {
          if (/^on/i.test(a.name)) problems.push(`${a.name} on <${el.tagName.toLowerCase()}>: ${a.value.slice(0, 80)}`);
          if (a.name === 'style') problems.push(`style attribute on <${el.tagName.toLowerCase()}>: ${a.value.slice(0, 80)}`);
          if (urlAttrs.includes(a.name) && bad.test(a.value)) problems.push(`${a.name}="${a.value.slice(0, 80)}" on <${el.tagName.toLowerCase()}>`);
        }
      }
      for (const a of root.querySelectorAll('a')) {
        const href = a.getAttribute('href');
        if (href === null || href.startsWith('#')) samePage++;
      }
    }
    return { markers: [...markers], problems, samePage };
  }, BAD_SCHEME.source);
}

/**
 * Clicks every link in the rendered Markdown that would not load another document: fragments
 * (footnotes), links whose unsafe href was dropped, and any script-ish scheme that slipped through
 * (which the scan reports anyway; clicking shows whether it would also run). HTMLElement.click()
 * activates a link as a user's click does, without waiting on scrolling; the scroll position is
 * put back for the timeline walk.
 */
async function clickSamePageLinks(page: Page) {
  return page.locator('main .markdown a').evaluateAll((links) => {
    const y = window.scrollY;
    const here = location.origin + location.pathname + location.search;
    let n = 0;
    for (const a of links as HTMLAnchorElement[]) {
      const raw = a.getAttribute('href');
      const leaves = raw !== null && (a.protocol === 'mailto:' || (/^https?:$/.test(a.protocol) && a.origin + a.pathname + a.search !== here));
      if (leaves) continue;
      a.click();
      n++;
    }
    window.scrollTo(0, y);
    return n;
  });
}

async function expectNothingRan(page: Page, dialogs: string[]) {
  // onerror/onload handlers fire asynchronously once the browser gives up on a resource.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test('known XSS payloads in an issue and its comments render inert', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await createUser(request, 'xss');
  const repo = rand('xss');
  await createRepo(request, owner, { name: repo, auto_init: true });
  const base = `/repos/${owner.username}/${repo}`;
  const label = await apiAs(request, owner, 'POST', `${base}/labels`, { name: `<img src=x onerror=${run(90)}>`, color: '#e11d48' });
  await apiAs(request, owner, 'POST', `${base}/issues`, { title: 'A target for #references' });
  const issueBody = ['Issue body with every payload:', ...PAYLOADS.map(([, p], i) => p(100 + i))].join('\n\n');
  const issue = await apiAs(request, owner, 'POST', `${base}/issues`, {
    title: `<script>${run(91)}</script><img src=x onerror="${run(92)}">`,
    body: issueBody,
    labels: [label.id],
  });
  for (let i = 0; i < PAYLOADS.length; i++) await apiAs(request, owner, 'POST', `${base}/issues/${issue.number}/comments`, { body: commentBody(i) });
  // A reference from the hostile issue puts its title into the other issue's timeline too.
  await apiAs(request, owner, 'POST', `${base}/issues/${issue.number}/comments`, { body: `Payload ${PAYLOADS.length + 1} (reference) see #1` });

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signInWithCookie(page, owner);
  await page.goto(`/${owner.username}/${repo}/issues/${issue.number}`);
  // The hostile title is shown as text.
  await expect(page.getByRole('heading', { level: 1, name: /<script>window\.__xss=91/ })).toBeVisible();
  await expect(page.getByRole('main').locator('.markdown').first()).toContainText('Issue body with every payload');

  // Walk the windowed timeline top to bottom, checking each rendered stretch and clicking in-page links.
  const seen = new Set<string>();
  const problems = new Set<string>();
  let clicked = 0;
  let samePage = 0;
  for (let step = 0; step < 200; step++) {
    await expect(page.getByRole('status', { name: 'Rendering' })).toHaveCount(0);
    const scan = await scanMarkdown(page);
    scan.markers.forEach((m) => seen.add(m));
    scan.problems.forEach((p) => problems.add(p));
    samePage += scan.samePage;
    clicked += await clickSamePageLinks(page);
    const done = await page.evaluate(() => {
      const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      window.scrollBy(0, Math.floor(window.innerHeight * 0.7));
      return atEnd;
    });
    if (done && seen.size >= PAYLOADS.length + 1) break;
    await page.waitForTimeout(120);
  }
  expect([...problems]).toEqual([]);
  expect([...seen].sort()).toEqual(Array.from({ length: PAYLOADS.length + 1 }, (_, i) => marker(i)));
  // The footnotes and the links whose hrefs the sanitizer dropped were there to click.
  expect(samePage).toBeGreaterThan(0);
  expect(clicked).toBeGreaterThan(0);
  await expectNothingRan(page, dialogs);

  // The same payloads in the editor's Preview, and in the other issue's timeline (the reference).
  const box = page.getByRole('form', { name: 'Add a comment' });
  await box.getByRole('textbox', { name: 'Comment' }).fill(PAYLOADS.map(([, p], i) => p(200 + i)).join('\n\n'));
  await box.getByRole('tab', { name: 'Preview' }).click();
  await expect(box.getByRole('tabpanel').locator('.markdown')).toContainText('click me');
  expect((await scanMarkdown(page)).problems).toEqual([]);
  await expectNothingRan(page, dialogs);

  await page.goto(`/${owner.username}/${repo}/issues/1`);
  // The body and two comments mention #1; each reference shows the hostile title as text.
  const refs = page.getByRole('region', { name: 'Timeline' }).getByText(/referenced this issue/);
  await expect(refs).toHaveCount(3);
  for (const r of await refs.all()) await expect(r).toContainText('<script>window.__xss=91');
  await page.goto(`/${owner.username}/${repo}/issues`);
  await expect(page.getByRole('link', { name: /<script>window\.__xss=91/ })).toBeVisible();
  await expectNothingRan(page, dialogs);

  // The check itself works: an inline handler added outside the app does run in this page (CSP
  // bypassed above, so none hides a sanitizer failure), and an alert would be caught.
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.__xss=-1;alert("control")');
    img.src = '/no-such-image.png';
    document.body.append(img);
  });
  await expect.poll(() => page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(-1);
  await expect.poll(() => dialogs).toEqual(['control']);
});

test('hostile comment bodies stay inert after an edit, for another signed-in reader', async ({ page, request }) => {
  const owner = await createUser(request, 'xss-owner');
  const reader = await createUser(request, 'xss-reader');
  const repo = rand('xss');
  await createRepo(request, owner, { name: repo, auto_init: true });
  const base = `/repos/${owner.username}/${repo}`;
  await apiAs(request, owner, 'POST', `${base}/issues`, { title: 'Harmless title', body: 'Plain body.' });
  const c = await apiAs(request, owner, 'POST', `${base}/issues/1/comments`, { body: 'Plain comment, for now.' });
  // Edited after the fact, as an attacker would to slip past anyone who read it first.
  const mixed = PAYLOADS.slice(0, 20)
    .map(([, p], i) => p(300 + i))
    .join('\n\n');
  await apiAs(request, owner, 'PATCH', `${base}/issues/comments/${c.id}`, { body: `Edited payloads\n\n${mixed}` });
  await apiAs(
    request,
    owner,
    'PATCH',
    `${base}/issues/1`,
    {
      body: `Edited body\n\n${PAYLOADS.slice(20)
        .map(([, p], i) => p(400 + i))
        .join('\n\n')}`,
    },
    201,
  );

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signInWithCookie(page, reader);
  await page.goto(`/${owner.username}/${repo}/issues/1`);
  await expect(page.getByRole('article', { name: `Comment by ${owner.username}` })).toContainText('Edited payloads');
  await expect(page.getByRole('article', { name: `Description by ${owner.username}` })).toContainText('Edited body');
  await expect(page.getByRole('status', { name: 'Rendering' })).toHaveCount(0);
  expect((await scanMarkdown(page)).problems).toEqual([]);
  await clickSamePageLinks(page);
  // Every remaining link points somewhere harmless.
  const hrefs = await page.locator('main .markdown a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  for (const h of hrefs) expect(h).not.toMatch(BAD_SCHEME);
  await expectNothingRan(page, dialogs);
});
