/**
 * Runs each npm script named on the command line, even after one has failed, and fails if any
 * did: `npm run bench` reports every figure, not only those before the first goal missed.
 */
import { spawnSync } from 'node:child_process';

const failed = process.argv
  .slice(2)
  .filter((script) => spawnSync('npm', ['run', script], { stdio: 'inherit' }).status !== 0);
if (failed.length > 0) {
  console.error(`\nBelow goal or failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
