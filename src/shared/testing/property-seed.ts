import { execFileSync } from 'node:child_process';

/**
 * The seed every randomised test of a run draws from: TEST_SEED when given (to replay a red run),
 * else the commit's, so CI on one commit always draws the same cases and a new commit new ones.
 */
export function propertySeed(): number {
  const given = process.env.TEST_SEED;
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed)) throw new Error(`TEST_SEED must be an integer, not ${given}`);
    return seed | 0;
  }
  return commitSeed();
}

function commitSeed(): number {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' });
    return Number.parseInt(commit.slice(0, 8), 16) | 0;
  } catch {
    // Not a git checkout (an unpacked release): a seed of the day still varies the cases.
    return Math.floor(Date.now() / 86_400_000) | 0;
  }
}
