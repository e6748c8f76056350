import fc from 'fast-check';

// vitest.config.ts chose the seed and put it in the environment of every test process.
const seed = Number(process.env.TEST_SEED);
if (!Number.isSafeInteger(seed))
  throw new Error('TEST_SEED is not set: run the tests through Vitest');
fc.configureGlobal({ seed });
