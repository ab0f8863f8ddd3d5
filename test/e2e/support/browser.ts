import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// Flags keep Chromium off the closed network (TOOLCHAIN.md); root needs --no-sandbox.
const args = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium (or set CHROME_PATH)`);
  }
  return chromium.launch({ executablePath: chromiumPath, args });
}

export function screenshotPath(name: string): string {
  mkdirSync('test-results/screenshots', { recursive: true });
  return `test-results/screenshots/${name}.png`;
}

/** Collects the page's uncaught errors and console errors, for a test to expect none. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return problems;
}
