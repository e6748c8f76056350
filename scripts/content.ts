/**
 * `npm run content:export [dir]` writes the published programme to a folder in content/'s format;
 * `npm run content:import [dir]` reads one (content/ by default) and publishes it. Both use the
 * app's database: DATABASE_URL, or the embedded PostgreSQL in DATA_DIR.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { exportContent, importContent } from '../src/server/content/content-folder.ts';
import { listMissingPictures } from '../src/server/content/course-pictures.ts';
import { openDatabase } from '../src/server/db/open-database.ts';
import { findLearnerWork } from '../src/server/learning/learner-work.ts';

const [command, folder] = process.argv.slice(2);
if (command !== 'export' && command !== 'import') {
  console.error('Usage: tsx scripts/content.ts export|import [dir]');
  process.exit(2);
}
if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const dir = path.resolve(folder ?? config.contentDir);
const database = await openDatabase(config, { info: () => {}, warn: console.warn });
try {
  const documents =
    command === 'export'
      ? await exportContent(database.db, dir)
      : await importContent(
          database.db,
          dir,
          { id: 'content:import', email: 'npm run content:import' },
          (courseId) => findLearnerWork(database.db, courseId),
        );
  const verb = command === 'export' ? 'Wrote' : 'Published';
  console.log(`${verb} ${documents.courses.length} courses and the products: ${dir}`);
  // A folder without `pictures/` names uploads only another install holds (docs/decisions/042).
  const missing = await listMissingPictures(database.db, documents.courses);
  for (const { courseId, path: picture } of missing) {
    console.warn(
      `${courseId}: its picture ${picture} is not in this database. Upload the same file in the course editor: it gets the same address.`,
    );
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
