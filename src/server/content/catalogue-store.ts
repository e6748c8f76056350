import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Catalogue, CatalogueStore } from '../catalogue/catalogue.ts';
import { buildCatalogue, readContentFolder } from '../catalogue/load-catalogue.ts';
import type { Database, Executor } from '../db/client.ts';
import { createLiveDocument } from '../db/live-document.ts';
import { contentProducts } from '../db/schema/content.ts';
import { publishImportedCourse } from './course-drafts.ts';
import {
  CONTENT_CHANNEL,
  readPublishedDocuments,
  SEED_ACTOR,
  type ContentActor,
} from './published-content.ts';
import type { ContentDocuments } from '../catalogue/load-catalogue.ts';

export interface CatalogueStoreOptions {
  db: Database;
  pool: pg.Pool;
  log: { warn: (object: object, message: string) => void };
  /** content/: loaded as the first published version on a new install. */
  contentDir: string;
  /** Called with the programme served, at start and after each reload (to render the pages). */
  onReload?: (catalogue: Catalogue) => void;
}

/**
 * The published programme, held in memory and read on every request. A publish notifies
 * `CONTENT_CHANNEL`; every process reads the published documents again when told.
 */
export async function createCatalogueStore(
  options: CatalogueStoreOptions,
): Promise<{ store: CatalogueStore; close: () => Promise<void> }> {
  const { db, pool, log, contentDir, onReload } = options;
  await seedFromContentFolder(db, contentDir);
  const live = await createLiveDocument({
    pool,
    channel: CONTENT_CHANNEL,
    read: () => readCatalogue(db),
    name: 'the content',
    log,
    // The build rendered content/; the database may have moved on since.
    ...(onReload && { onRead: onReload }),
  });
  const catalogue = live.current;
  const store: CatalogueStore = {
    current: catalogue,
    reload: live.refresh,
    get courses() {
      return catalogue().courses;
    },
    get bundle() {
      return catalogue().bundle;
    },
    get session() {
      return catalogue().session;
    },
    getCourse: (courseId) => catalogue().getCourse(courseId),
    getProduct: (productId) => catalogue().getProduct(productId),
  };
  return { store, close: live.close };
}

async function readCatalogue(db: Executor): Promise<Catalogue> {
  const documents = await readPublishedDocuments(db);
  if (!documents) throw new Error('No published content: the content folder was not loaded');
  return buildCatalogue(documents);
}

/** On a new install (nothing published), content/ becomes the first published version. */
async function seedFromContentFolder(db: Database, contentDir: string): Promise<void> {
  if (await readPublishedDocuments(db)) return;
  const documents = await readContentFolder(contentDir);
  await db.transaction(async (tx) => {
    // Two processes starting together on a new database load it once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('content seed'))`);
    if (await readPublishedDocuments(tx)) return;
    await publishContentDocuments(tx, SEED_ACTOR, documents);
  });
}

/** Publishes every course and the products of `documents` (a new install, `content:import`). */
export async function publishContentDocuments(
  tx: Executor,
  actor: ContentActor,
  { courses, products }: ContentDocuments,
): Promise<void> {
  buildCatalogue({ courses, products });
  await tx
    .insert(contentProducts)
    .values({ document: products, updatedBy: actor.email })
    .onConflictDoUpdate({
      target: contentProducts.id,
      set: { document: products, updatedBy: actor.email, updatedAt: new Date() },
    });
  for (const course of courses) await publishImportedCourse(tx, actor, course);
}
