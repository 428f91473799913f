// What every page must be on a Gitea 1.23 (issue #19): no uncaught error, no error in the console,
// no failed request the app did not expect, and no raw "404"/"Not Found" on screen.
import { expect, type Page } from '@playwright/test';

/**
 * Requests that may fail on a Gitea: Gitea's "404 means no" checks (starred, watched, merged,
 * following, collaborator) and the probes of this forge's extensions (the app finds out a server
 * lacks them by their 404 and then hides or explains them).
 */
const EXPECTED_FAILURES: RegExp[] = [
  /^GET \/api\/v1\/user\/sessions\/current$/,
  /^GET \/api\/v1\/user\/signup$/,
  /^GET \/api\/v1\/events$/,
  /^GET \/api\/v1\/user\/starred\/[^/]+\/[^/]+$/,
  /^GET \/api\/v1\/user\/following\/[^/]+$/,
  /^GET \/api\/v1\/orgs\/[^/]+$/,
  /^GET \/api\/v1\/repos\/[^/]+\/[^/]+\/subscription$/,
  /^GET \/api\/v1\/repos\/[^/]+\/[^/]+\/pulls\/\d+\/merge$/,
  /^GET \/api\/v1\/repos\/[^/]+\/[^/]+\/search\/code$/,
  /^GET \/api\/v1\/repos\/[^/]+\/[^/]+\/blame\/.+$/,
  /^GET \/api\/v1\/repos\/[^/]+\/[^/]+\/pulls\/(?!\d+\/)[^/]+\/[^/]+$/,
  /^GET \/api\/v1\/repos\/[^/]+\/[^/]+\/hooks\/\d+\/deliveries$/,
  /^PUT \/api\/v1\/repos\/[^/]+\/[^/]+\/issues\/\d+\/lock$/,
];

export interface Watch {
  problems: string[];
  /**
   * Fails the test with every problem seen since the last check, and checks the page shows no raw
   * "not found"; `where` names the page in a soft check (the test goes on to the next page).
   */
  check(where?: string): Promise<void>;
}

export function watch(page: Page): Watch {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('console', (m) => {
    // A failed request is logged by the browser too: those are judged from the response below.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (r.status() < 400 || !url.pathname.startsWith('/api/v1/')) return;
    const what = `${r.request().method()} ${url.pathname}`;
    if (!EXPECTED_FAILURES.some((re) => re.test(what))) problems.push(`${r.status()} ${what}`);
  });
  return {
    problems,
    async check(where?: string) {
      const text = await page.locator('body').innerText();
      const seen = problems.splice(0);
      const want = where ? expect.soft : expect;
      want(text, `${where ?? 'the page'} shows a raw "not found"`).not.toMatch(/\b404\b|not found/i);
      want(seen, `${where ?? 'the page'}: errors and unexpected failed requests`).toEqual([]);
    },
  };
}
