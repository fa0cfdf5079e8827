import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FakeLms } from '../tests/fake-feeds/fake-lms.js';
import { startFileServer } from './server.js';
import type { FileServer } from './server.js';

/**
 * A test LMS on this machine (HTTPS with a certificate made for the test) and a portal of its own
 * whose campus configuration allows it (`lms.calendarHosts`) and which trusts its certificate.
 */
export async function portalWithLms(name: string): Promise<{ lms: FakeLms; server: FileServer }> {
  const lms = await FakeLms.start();
  const dir = mkdtempSync(path.join(tmpdir(), `portal-${name}-e2e-`));
  const campusConfig = path.join(dir, 'campus.json');
  writeFileSync(campusConfig, JSON.stringify({ lms: { calendarHosts: [lms.host] } }));
  const server = await startFileServer(name, {
    CAMPUS_CONFIG: campusConfig,
    NODE_EXTRA_CA_CERTS: lms.certFile,
  });
  return { lms, server };
}
