export interface CircuitBreakerOptions {
  /** Consecutive failures that open the breaker. */
  failures: number;
  /** How long an open breaker refuses calls before it lets one probe through. */
  coolDownMs: number;
  /** Told when the breaker opens, so the operator sees it in the log. */
  onOpen?: (failures: number) => void;
  now?: () => number;
}

/**
 * Closed: calls pass and failures are counted. Open: calls are refused for the cool-down. Then
 * half-open: one probe passes; its success closes the breaker, its failure opens it again. State
 * is per process: each server process learns on its own that the vendor is down.
 */
export interface CircuitBreaker {
  /** Whether a call would be let through now. */
  isAvailable: () => boolean;
  /** Asks to make one call; false while open, or while the half-open probe is out. */
  tryAcquire: () => boolean;
  recordSuccess: () => void;
  recordFailure: () => void;
  /** A call that ended neither way (the learner left, the app is closing). */
  release: () => void;
}

export function createCircuitBreaker(options: CircuitBreakerOptions): CircuitBreaker {
  const now = options.now ?? Date.now;
  let failures = 0;
  let openedAt: number | null = null;
  let isProbing = false;

  const isCoolingDown = () => openedAt !== null && now() - openedAt < options.coolDownMs;
  const isAvailable = () => openedAt === null || (!isCoolingDown() && !isProbing);

  return {
    isAvailable,
    tryAcquire: () => {
      if (!isAvailable()) return false;
      if (openedAt !== null) isProbing = true;
      return true;
    },
    recordSuccess: () => {
      failures = 0;
      openedAt = null;
      isProbing = false;
    },
    recordFailure: () => {
      failures += 1;
      const wasProbing = isProbing;
      isProbing = false;
      if (wasProbing || (openedAt === null && failures >= options.failures)) {
        openedAt = now();
        options.onOpen?.(failures);
      }
    },
    release: () => {
      isProbing = false;
    },
  };
}
