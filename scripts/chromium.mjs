// Finds a Chromium for the browser tests: CHROME_PATH, else the system one on the PATH, else Playwright's own
// if it is installed; as root on Debian with none found, installs Debian's `chromium` package. Never
// downloads a browser build from the internet.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

function onPath(name) {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path.startsWith('/') ? path : undefined;
}

async function playwrightsOwn() {
  try {
    const { chromium } = await import('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The absolute path of a usable Chromium, or undefined. */
async function findChromium() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  for (const name of NAMES) {
    const path = onPath(name);
    if (path) return path;
  }
  return playwrightsOwn();
}

/** A Chromium path, installing Debian's package when that is possible; exits with advice when it is not. */
export async function ensureChromium() {
  const found = await findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/etc/debian_version')) {
    console.log('[tests] no Chromium found: installing Debian\'s chromium package (apt-get)…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    const installed = await findChromium();
    if (installed) return installed;
  }
  console.error(
    '[tests] No Chromium found for the browser tests. Install one and run again:\n' +
      '  Debian/Ubuntu: sudo apt-get install chromium   (or set CHROME_PATH to any Chromium or Chrome binary)',
  );
  process.exit(1);
}

if (import.meta.main) console.log(await ensureChromium());
