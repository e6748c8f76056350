import type { FastifyInstance } from 'fastify';

export const CLOCK_QUEUE = 'clock';

export type ClockTask = (now: Date) => Promise<unknown>;

export interface Clock {
  /** Adds work that looks, each minute, for what has come due by `now`; before the app starts. */
  onTick: (name: string, task: ClockTask) => void;
  /**
   * One tick at `now`: what the queue runs each minute, and what a test runs at a moved time
   * (`only` those tasks, when named: the journeys share one app, and move only their own work).
   */
  tick: (now: Date, only?: readonly string[]) => Promise<void>;
  /**
   * A tick now, on whichever process takes it, not at the next minute: for work made due at
   * once (a broadcast sent now). Once per moment however often it is asked.
   */
  tickSoon: () => Promise<void>;
}

/**
 * Time-driven work: a tick every minute, on one process of however many (a pg-boss schedule).
 * Each task reads what is due by `now` and claims it in the database, so a tick run twice, or a
 * minute missed while every process was down, still does each thing once.
 */
export function createClock(app: FastifyInstance): Clock {
  const tasks = new Map<string, ClockTask>();
  const tick = async (now: Date, only?: readonly string[]) => {
    for (const [name, task] of tasks) {
      if (only && !only.includes(name)) continue;
      try {
        await task(now);
      } catch (error) {
        app.log.error({ err: error, task: name }, 'a task of the clock failed');
      }
    }
  };
  app.jobs.define(CLOCK_QUEUE, { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 300 }, () =>
    tick(new Date()),
  );
  app.jobs.every(CLOCK_QUEUE, '* * * * *');
  return {
    onTick: (name, task) => {
      tasks.set(name, task);
    },
    tick,
    tickSoon: async () => {
      await app.jobs.send(CLOCK_QUEUE, {}, { key: 'soon' });
      app.jobs.wake(CLOCK_QUEUE);
    },
  };
}
