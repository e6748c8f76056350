import type { Writable } from 'node:stream';

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** pino's own fields, shown as the line's time, level and message, or not at all. */
const OWN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg']);

/**
 * One pino JSON record as a short line for a person at a terminal, as pino-pretty prints it:
 * `12:04:05 INFO  message key=value`. A multi-line message (a mail in console mode) keeps its
 * lines, indented under the first.
 */
export function prettyLogLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const time = new Date(typeof record.time === 'number' ? record.time : Date.now());
  const clock = time.toTimeString().slice(0, 8);
  const level = (levelNames[record.level as number] ?? String(record.level)).padEnd(5);
  const message = String(record.msg ?? '').replaceAll('\n', '\n         ');
  const fields = Object.entries(record)
    .filter(([name]) => !OWN_FIELDS.has(name))
    .flatMap(([name, value]) => fieldsOf(name, value));
  return [`${clock} ${level} ${message}`, ...fields].join(' ');
}

function fieldsOf(name: string, value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object') return [`${name}=${String(value)}`];
  if (name === 'err' && 'stack' in value) return [`\n${String(value.stack)}`];
  return Object.entries(value).flatMap(([inner, innerValue]) =>
    fieldsOf(`${name}.${inner}`, innerValue),
  );
}

/** A stream for pino that writes each record to `out` as a pretty line. */
export function prettyLogStream(out: Writable = process.stdout) {
  return { write: (json: string) => out.write(`${prettyLogLine(json)}\n`) };
}

/** The log before the app's own exists (opening the database): the same lines as the app's. */
export function createStartupLog(format: 'pretty' | 'json') {
  const write = (level: number, msg: string) => {
    const json = JSON.stringify({ level, time: Date.now(), msg });
    process.stdout.write(`${format === 'pretty' ? prettyLogLine(json) : json}\n`);
  };
  return {
    info: (message: string) => write(30, message),
    warn: (message: string) => write(40, message),
    error: (message: string) => write(50, message),
  };
}
