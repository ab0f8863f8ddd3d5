// axe-core in a page: WCAG 2.2 A and AA rules over part of the page. The page's CSP refuses
// injected scripts, so the context that runs axe is made with `bypassCSP: true`.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Waits until nothing in the selector's part of the page is part-way through a scroll-reveal
 * fade (gsap writes the opacity inline): axe measures contrast through opacity, so text caught
 * mid-fade fails although it ends fully opaque. Elements still at 0 are hidden, which axe skips.
 */
async function revealsSettled(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (context) => {
      const root = document.querySelector(context);
      if (!root) return true;
      return [root, ...root.querySelectorAll<HTMLElement>('*')].every((element) => {
        const inline = (element as HTMLElement).style?.opacity;
        if (!inline) return true;
        const opacity = Number(inline);
        return opacity === 0 || opacity === 1;
      });
    },
    selector,
    { timeout: 5_000 },
  );
}

export async function axeViolations(page: Page, selector: string): Promise<AxeViolation[]> {
  await revealsSettled(page, selector);
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (context) => {
    type Result = { passes: unknown[]; violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> };
    const axe = (window as unknown as { axe: { run: (context: string, options: object) => Promise<Result> } }).axe;
    const result = await axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    // No passing rule at all would mean axe looked at nothing.
    if (result.passes.length === 0) throw new Error(`axe checked nothing in ${context}`);
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, selector);
}
