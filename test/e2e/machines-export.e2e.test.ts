// `npm run machines:export`'s statechart page, opened from the disk in Chromium as a developer
// would: every machine is drawn, Mermaid reports no syntax error, and nothing is fetched from
// the network.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMachineFiles } from '../model-based/harness/discover-machines.ts';
import { launchChromium, screenshotPath } from './support/browser.ts';

const ROOT = resolve(import.meta.dirname, '../..');
let browser: Browser;

beforeAll(async () => {
  execFileSync(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/machines-export.ts'], { cwd: ROOT, stdio: 'pipe' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('the machines statechart page', () => {
  it('draws every machine offline, with no Mermaid error', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(pathToFileURL(join(ROOT, 'dist/machines/index.html')).href);
    const ids = listMachineFiles().files.map((file) => file.id);
    await page.waitForFunction((count) => document.querySelectorAll('pre.mermaid svg').length === count, ids.length, { timeout: 30_000 });
    const charts = await page.$$eval('pre.mermaid', (pres) =>
      pres.map((pre) => ({ id: pre.parentElement?.id ?? '', failed: pre.querySelector('.error-text') !== null || /Syntax error/.test(pre.textContent ?? '') })),
    );
    expect(charts.map((chart) => chart.id).sort()).toEqual([...ids].sort());
    expect(charts.filter((chart) => chart.failed)).toEqual([]);
    expect(errors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith('file:'))).toEqual([]);
    await page.locator('#faqItem').screenshot({ path: screenshotPath('machines-faq-item') });
    await page.close();
  });
});
