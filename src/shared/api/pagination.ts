import { z } from 'zod';

/** The largest page a list answers with. */
export const PAGE_SIZE_MAX = 100;
const pageSizeOutOfRange = `pageSize must be a whole number from 1 to ${PAGE_SIZE_MAX}`;

/** `?page=&pageSize=` of every paged list: page 1 and 25 rows unless asked otherwise. */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number()
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(100_000, 'page must be at most 100000')
    .default(1),
  pageSize: z.coerce
    .number()
    .int(pageSizeOutOfRange)
    .min(1, pageSizeOutOfRange)
    .max(PAGE_SIZE_MAX, pageSizeOutOfRange)
    .default(25),
});
