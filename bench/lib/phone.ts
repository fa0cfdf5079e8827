// The phone-class profile bench:load, load-trace and load-profile load pages on: 150 ms round trip,
// 1.6 Mbps down, 750 kbps up, 4× CPU slowdown (DevTools protocol), empty cache, 390×844.
import type { CDPSession } from 'playwright-core';

export const PHONE = {
  viewport: { width: 390, height: 844 },
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuSlowdown: 4,
} as const;

/** Throttles a page's network and CPU to the phone profile, with its cache off. */
export async function emulatePhone(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latency,
    downloadThroughput: PHONE.downloadThroughput,
    uploadThroughput: PHONE.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
}

/**
 * The value of `expression` in the page, read through the DevTools protocol. Playwright's own waits
 * and evaluations (`waitForSelector`, `waitForFunction`, `evaluate`) first put its injected script
 * into the page: a large script whose evaluation, under the 4× slowdown, is a 50–110 ms task on the
 * page's main thread that the page's own long-task observer counted as the page's blocking time.
 */
export async function readInPage(cdp: CDPSession, expression: string): Promise<unknown> {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
  return result.value;
}

/** Waits, without Playwright's injected script, until `expression` is true in the page. */
export async function waitInPage(
  cdp: CDPSession,
  expression: string,
  timeoutMs = 60_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while ((await readInPage(cdp, `Boolean(${expression})`)) !== true) {
    if (Date.now() > until) throw new Error(`waited ${timeoutMs} ms for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
