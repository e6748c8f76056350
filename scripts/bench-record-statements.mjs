/**
 * Loaded with `node --import` into the app by `npm run bench:api`: appends every statement the
 * app sends to PostgreSQL (its text, values and prepared name) to BENCH_STATEMENTS_FILE as a
 * line of JSON, so that the bench's yardsticks can send the very same statements.
 */
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_STATEMENTS_FILE;
const query = pg.Client.prototype.query;

pg.Client.prototype.query = function recordedQuery(config, values, callback) {
  const statement =
    typeof config === 'string'
      ? { text: config, values: Array.isArray(values) ? values : undefined }
      : { text: config.text, values: config.values ?? values, name: config.name };
  appendFileSync(file, `${JSON.stringify(statement)}\n`);
  return query.call(this, config, values, callback);
};
