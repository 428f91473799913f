// The issue page with a long history: one issue whose timeline holds 2,000 items (comments, label
// and close/reopen events), opened in Chromium against the real server and built web app. Figures:
// time to the first timeline comment and to a settled page, what the DOM holds, and how long it
// takes to scroll (and page in) to the last item. Median of 3 cold loads, anonymous reader of a
// public repository. Run alone: npx tsx bench/timeline-bench.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { findChromium } from '../scripts/ensure-chromium.mjs';
import { loadConfig } from '../server/src/config.ts';
import { openDb } from '../server/src/db/index.ts';
import type { NewComment } from '../server/src/db/schema.ts';
import { createUser } from '../server/src/services/users.ts';
import { createRepository } from '../server/src/services/repos.ts';
import { COMMENT_DEFAULTS, CommentType, allocateIndex, recountComments, recountRepo } from '../server/src/services/conversation.ts';
import { CHROMIUM_ARGS, createAdminCli, ensureWebBuild, freePort, median, startServer, stopServer, waitFor } from './bench-server.ts';

const ITEMS = 2_000;
const RUNS = 3;
const QUIET_MS = 500;
const BUDGET_MS = 80_000;
const OWNER = 'bench';
const REPO = 'long-history';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Markdown of the kinds people write, so rendering costs what it would on a real issue. */
function commentBody(i: number): string {
  switch (i % 4) {
    case 0:
      return `Comment ${i}: I can reproduce this on **main** after the last deploy. See #1 and the log below.`;
    case 1:
      return `Comment ${i}: a first guess at the cause:\n\n\`\`\`ts\nexport function retry(n: number) {\n  return n > 0 ? retry(n - 1) : 0;\n}\n\`\`\`\n\nThe recursion never ends when \`n\` is not an integer.`;
    case 2:
      return `Comment ${i}: steps that still fail\n\n- open the settings page\n- change the *default branch*\n- press [Save](https://example.com/docs)\n\nExpected a notice, got nothing.`;
    default:
      return `Comment ${i}: +1, same here.`;
  }
}

/** Writes the users, repository, labels and the issue with its timeline straight into the data folder. */
async function seed(dataDir: string) {
  const config = { ...loadConfig({ PORT: '3000' }), dataDir, webDir: undefined, rootUrl: 'http://127.0.0.1:3000/' };
  const db = await openDb(path.join(dataDir, 'forge.db'));
  try {
    const owner = await db.selectFrom('user').selectAll().where('lower_name', '=', OWNER).executeTakeFirstOrThrow();
    const others = [];
    for (const name of ['alice', 'bob', 'carol'])
      others.push(await createUser(db, { username: name, email: `${name}@example.com`, password: 'bench-password' }));
    const posters = [owner, ...others];
    const repo = await createRepository({ db, config }, owner, owner, { name: REPO, auto_init: true, description: 'One issue with a long history' });
    const labelIds: number[] = [];
    for (const [name, color] of [
      ['bug', '#ee0701'],
      ['needs-info', '#fbca04'],
      ['regression', '#b60205'],
    ] as const) {
      const l = await db
        .insertInto('label')
        .values({ repo_id: repo.id, name, color, description: '', exclusive: 0, archived_unix: 0, created_unix: 0, updated_unix: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      labelIds.push(l.id);
    }
    const start = Math.floor(Date.now() / 1000) - (ITEMS + 1) * 600;
    await db.transaction().execute(async (trx) => {
      const issue = await trx
        .insertInto('issue')
        .values({
          repo_id: repo.id,
          index: await allocateIndex(trx, repo.id),
          poster_id: owner.id,
          original_author: '',
          original_author_id: 0,
          name: 'Settings page loses the default branch',
          content: 'Changing the default branch in settings does not stick.\n\nSee the comments for details.',
          ref: '',
          milestone_id: 0,
          priority: 0,
          is_closed: 0,
          is_pull: 0,
          is_locked: 0,
          num_comments: 0,
          deadline_unix: 0,
          created_unix: start,
          updated_unix: start + ITEMS * 600,
          closed_unix: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Every 10th item a label added/removed, every 10th (offset) a close or reopen, the rest
      // comments. 200 state events alternate close/reopen, so the issue ends open.
      let labelOn = false;
      let closed = false;
      const rows: NewComment[] = [];
      for (let i = 0; i < ITEMS; i++) {
        const base = {
          ...COMMENT_DEFAULTS,
          issue_id: issue.id,
          poster_id: posters[i % posters.length]!.id,
          created_unix: start + (i + 1) * 600,
          updated_unix: start + (i + 1) * 600,
        };
        if (i % 10 === 3) {
          labelOn = !labelOn;
          rows.push({ ...base, type: CommentType.label, label_id: labelIds[Math.floor(i / 20) % labelIds.length]!, content: labelOn ? '1' : '' });
        } else if (i % 10 === 7) {
          closed = !closed;
          rows.push({ ...base, type: closed ? CommentType.close : CommentType.reopen });
        } else {
          rows.push({ ...base, type: CommentType.comment, content: commentBody(i) });
        }
      }
      for (let from = 0; from < rows.length; from += 500)
        await trx
          .insertInto('comment')
          .values(rows.slice(from, from + 500))
          .execute();
      await trx.insertInto('issue_label').values({ issue_id: issue.id, label_id: labelIds[0]! }).execute();
      await recountComments(trx, issue.id);
      await recountRepo(trx, repo.id);
    });
  } finally {
    await db.destroy();
  }
}

interface Run {
  firstCommentMs: number;
  settledMs: number;
  domNodes: number;
  itemsInDom: number;
  scrollMs: number;
  /** The highest item index rendered when scrolling stopped: ITEMS - 1 unless the budget ran out. */
  reached: number;
  slowestFrameMs: number;
  scrollDomNodes: number;
  scrollItemsInDom: number;
  timelineRequests: number;
}

async function measure(browser: Browser, url: string, deadline: number): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    // Stamps, on the page's own clock (0 = navigation start), the first frame that shows a comment
    // of the timeline (the issue's own description is a comment card too, outside the timeline).
    // A string, not a function: tsx compiles with keepNames, whose __name() helper does not exist
    // in the page.
    await context.addInitScript(`{
      const seen = () => document.querySelector('section[aria-label="Timeline"] [id^="issuecomment-"]');
      const mo = new MutationObserver(() => {
        if (window.__firstComment !== undefined || !seen()) return;
        mo.disconnect();
        requestAnimationFrame(() => { window.__firstComment = performance.now(); });
      });
      mo.observe(document, { childList: true, subtree: true });
    }`);
    const page = await context.newPage();
    let inflight = 0;
    let lastActivity = Date.now();
    let timelineRequests = 0;
    page.on('request', (r) => {
      inflight++;
      lastActivity = Date.now();
      if (/\/issues\/\d+\/timeline/.test(r.url())) timelineRequests++;
    });
    const done = () => {
      inflight--;
      lastActivity = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);

    await page.goto(url, { waitUntil: 'commit', timeout: 15_000 });
    await page.waitForFunction(() => (window as unknown as { __firstComment?: number }).__firstComment !== undefined, null, { timeout: 15_000 });
    const quietBy = Date.now() + 15_000;
    while ((inflight > 0 || Date.now() - lastActivity < QUIET_MS) && Date.now() < quietBy) await sleep(20);

    const atLoad = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const ends = performance.getEntriesByType('resource').map((e) => (e as PerformanceResourceTiming).responseEnd);
      return {
        firstCommentMs: (window as unknown as { __firstComment: number }).__firstComment,
        // The last response of the load; the quiet 500 ms after it are not counted.
        settledMs: Math.max(nav?.loadEventEnd ?? 0, ...ends),
        domNodes: document.getElementsByTagName('*').length,
        itemsInDom: document.querySelectorAll('section[aria-label="Timeline"] li[data-index]').length,
      };
    });

    // Scroll to the end of the page until the last item exists: the list pages in 50 at a time as
    // the reader nears the end, so this is as many page loads as the timeline has pages.
    // No named inner functions here: tsx's keepNames would wrap them in a __name() the page lacks.
    // Stops at the bench's time budget instead of failing; the figure then says how far it got.
    const scroll = await page.evaluate(
      async ({ last, budgetMs }) => {
        const t0 = performance.now();
        const selector = `section[aria-label="Timeline"] li[data-index="${last}"]`;
        let prev = t0;
        let slowestFrameMs = 0;
        while (!document.querySelector(selector) && performance.now() - t0 < budgetMs) {
          window.scrollTo(0, document.documentElement.scrollHeight);
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          const now = performance.now();
          slowestFrameMs = Math.max(slowestFrameMs, now - prev);
          prev = now;
        }
        return {
          scrollMs: performance.now() - t0,
          reached: Math.max(
            -1,
            ...[...document.querySelectorAll<HTMLElement>('section[aria-label="Timeline"] li[data-index]')].map((li) => Number(li.dataset.index)),
          ),
          slowestFrameMs,
          scrollDomNodes: document.getElementsByTagName('*').length,
          scrollItemsInDom: document.querySelectorAll('section[aria-label="Timeline"] li[data-index]').length,
        };
      },
      { last: ITEMS - 1, budgetMs: Math.max(1_000, deadline - Date.now()) },
    );
    return { ...atLoad, ...scroll, timelineRequests };
  } finally {
    await context.close();
  }
}

export async function benchTimeline(): Promise<Record<string, number | string>> {
  const exe = findChromium();
  if (!exe) return { 'timeline: issue page with 2,000 items': 'skipped: no Chromium (run scripts/ensure-chromium.mjs)' };
  ensureWebBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-timeline-'));
  let server: ReturnType<typeof startServer> | undefined;
  let browser: Browser | undefined;
  // The whole bench stays under 90 s: scrolling is what grows when the page gets slower.
  const deadline = Date.now() + BUDGET_MS;
  try {
    const t0 = performance.now();
    createAdminCli(dataDir, OWNER, 'bench-password');
    await seed(dataDir);
    const seedMs = performance.now() - t0;

    const port = await freePort([3293, 3294, 3295, 3296, 3297, 3298, 3299]);
    const base = `http://127.0.0.1:${port}`;
    server = startServer(port, dataDir);
    await waitFor(`${base}/api/v1/version`);
    const check = await fetch(`${base}/api/v1/repos/${OWNER}/${REPO}/issues/1/timeline?limit=1`);
    const total = Number(check.headers.get('x-total-count'));
    if (check.status !== 200 || total !== ITEMS) throw new Error(`timeline API: status ${check.status}, X-Total-Count ${total}, expected ${ITEMS}`);

    browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
    const runs: Run[] = [];
    for (let i = 0; i < RUNS && Date.now() < deadline; i++) runs.push(await measure(browser, `${base}/${OWNER}/${REPO}/issues/1`, deadline));
    const m = (k: keyof Run) => Math.round(median(runs.map((r) => r[k])));
    const complete = runs.filter((r) => r.reached === ITEMS - 1);
    const scroll =
      complete.length === runs.length
        ? `${m('scrollMs')}`
        : `>= ${m('scrollMs')} (time budget hit; ${complete.length} of ${runs.length} runs reached the end, p50 reached item ${m('reached') + 1})`;
    return {
      'timeline: items (comments, label and state events)': ITEMS,
      'timeline: seed (CLI admin + services, ms)': Math.round(seedMs),
      'timeline: to first timeline comment shown (p50, ms)': m('firstCommentMs'),
      'timeline: to page settled (last response, 500 ms quiet; p50, ms)': m('settledMs'),
      'timeline: DOM nodes after load (p50)': m('domNodes'),
      'timeline: items in the DOM after load (p50)': `${m('itemsInDom')} of ${ITEMS}`,
      'timeline: runs (cold browser context each)': runs.length,
      'timeline: scroll to the last item, paging in (p50, ms)': scroll,
      'timeline: slowest frame while scrolling (p50, ms)': m('slowestFrameMs'),
      'timeline: timeline API requests, load + scroll (p50)': m('timelineRequests'),
      'timeline: DOM nodes at the bottom (p50)': m('scrollDomNodes'),
      'timeline: items in the DOM at the bottom (p50)': `${m('scrollItemsInDom')} of ${ITEMS}`,
    };
  } finally {
    await browser?.close();
    if (server) await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const t = performance.now();
  const figures = await benchTimeline();
  for (const [k, v] of Object.entries(figures)) console.log(`${k}: ${v}`);
  console.log(`(bench took ${((performance.now() - t) / 1000).toFixed(1)} s)`);
}
