/**
 * `npm start` builds only when the build is missing or older than a source it is made from, so a
 * built checkout starts at once and a fresh clone still builds first.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const outputs = ['dist/server/main.js', 'dist/web/index.html', 'dist/web/prerendered/home.html'];
const sources = [
  'src',
  'content',
  'scripts/prerender.ts',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
];

function modifiedAt(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function newestIn(entry) {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestIn(path.join(entry, name))),
    stats.mtimeMs,
  );
}

const builtAt = Math.min(...outputs.map((file) => modifiedAt(file) ?? -Infinity));
const changedAt = Math.max(...sources.map(newestIn));
if (builtAt < changedAt) {
  console.log('Building the app (the build is missing or older than its sources)…');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
