// Debian packages the tests and the bench need, installed with apt-get when missing (never a download by a test tool).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const aptInstall = (pkg) => {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) =>
    spawnSync(sudo.length ? 'sudo' : 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', pkg]);
};

/** Debian's Chromium, for Playwright and Lighthouse: its path, installed first when missing. */
export function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.log("Chromium is missing: installing Debian's chromium package with apt-get");
    aptInstall('chromium');
  }
  return chromium;
}

/** pdftotext, from Debian's poppler-utils: the invoice tests read the PDF back with it. */
export function ensurePdftotext() {
  if (!spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).error) return;
  console.log("pdftotext is missing: installing Debian's poppler-utils package with apt-get");
  aptInstall('poppler-utils');
}

/** HAProxy, the load balancer of the sale rehearsal (tests/fault/rehearsal.test.ts, `npm run rehearse`). */
export function ensureHaproxy() {
  const found = ['/usr/sbin/haproxy', 'haproxy'].some((bin) => spawnSync(bin, ['-v'], { stdio: 'ignore' }).status === 0);
  if (found) return;
  console.log("HAProxy is missing: installing Debian's haproxy package with apt-get");
  aptInstall('haproxy');
}

/** Prometheus and promtool, from Debian's prometheus package: the alert rules' checks and the scrape test use them. */
export function ensurePrometheus() {
  if (existsSync('/usr/bin/promtool') && existsSync('/usr/bin/prometheus')) return;
  console.log("Prometheus is missing: installing Debian's prometheus package with apt-get");
  aptInstall('prometheus');
}
