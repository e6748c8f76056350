import { describe, expect, it } from 'vitest';
import { createCircuitBreaker } from './circuit-breaker.ts';

function breakerAt(start = 0) {
  const clock = { time: start };
  const opened: number[] = [];
  const breaker = createCircuitBreaker({
    failures: 3,
    coolDownMs: 60_000,
    onOpen: (failures) => opened.push(failures),
    now: () => clock.time,
  });
  const fail = (times: number) => {
    for (let count = 0; count < times; count++) {
      expect(breaker.tryAcquire()).toBe(true);
      breaker.recordFailure();
    }
  };
  return { breaker, clock, opened, fail };
}

describe('the circuit breaker around the AI vendor', () => {
  it('lets calls through until three failures in a row, then refuses them for the cool-down', () => {
    const { breaker, clock, opened, fail } = breakerAt();
    fail(2);
    expect(breaker.isAvailable()).toBe(true);
    fail(1);
    expect(opened).toEqual([3]);
    expect(breaker.isAvailable()).toBe(false);
    expect(breaker.tryAcquire()).toBe(false);
    clock.time += 59_999;
    expect(breaker.tryAcquire()).toBe(false);
  });

  it('a success between failures starts the count again', () => {
    const { breaker, fail } = breakerAt();
    fail(2);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordSuccess();
    fail(2);
    expect(breaker.isAvailable()).toBe(true);
  });

  it('after the cool-down lets one probe through; its success closes the breaker', () => {
    const { breaker, clock, fail } = breakerAt();
    fail(3);
    clock.time += 60_000;
    expect(breaker.isAvailable()).toBe(true);
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.recordSuccess();
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('a failed probe opens the breaker for another cool-down', () => {
    const { breaker, clock, opened, fail } = breakerAt();
    fail(3);
    clock.time += 60_000;
    fail(1);
    expect(opened).toEqual([3, 4]);
    expect(breaker.tryAcquire()).toBe(false);
    clock.time += 60_000;
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('a probe the learner abandoned frees the way for the next one', () => {
    const { breaker, clock, fail } = breakerAt();
    fail(3);
    clock.time += 60_000;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.release();
    expect(breaker.tryAcquire()).toBe(true);
  });
});
