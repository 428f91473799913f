// axe-core run straight in the page: the same engine and rules as @axe-core/playwright's
// AxeBuilder, without its per-call overhead. AxeBuilder.analyze() evaluates axe's 550 kB source in
// the page again on every call and finishes each run in a new blank page (axe.runPartial, then
// axe.finishRun over the serialized results of every node, passes included). The app has no
// frames, so axe.run in the page checks exactly what AxeBuilder checks: measured on the 14
// signed-out routes × 4 audits, axe's share fell from 247 s to 48 s on a loaded 2-core machine.
import axe from 'axe-core';
import type { Page } from '@playwright/test';

export type Violation = axe.Result;

/**
 * The violations axe finds in the page (every default rule, or only `rules`), within `include`
 * (a CSS selector) when given. axe is injected once per document and kept for the next audits.
 */
export async function axeViolations(page: Page, { rules, include }: { rules?: string[]; include?: string } = {}): Promise<Violation[]> {
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ rules, include }) => {
      const run = (window as unknown as { axe: typeof axe }).axe.run;
      const result = await run(include ? { include: [include] } : document, {
        ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
        // Only violations are read: axe then builds selectors for their nodes alone, not for every
        // passing node (its documented speed-up; the rules that run and what they find are the same).
        resultTypes: ['violations'],
      });
      return result.violations;
    },
    { rules, include },
  );
}
