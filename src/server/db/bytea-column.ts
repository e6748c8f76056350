import { customType } from 'drizzle-orm/pg-core';

/** Bytes kept in the row itself (an invoice's PDF, an uploaded picture), as node-postgres reads them. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
