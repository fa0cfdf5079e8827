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
