/**
 * Request body limits in bytes, sized to the contracts: a body past its route's limit is refused
 * with 413 before it is parsed. A route that needs more than the default names its limit here.
 */
export const bodyLimits = {
  /** A form of short fields: every route's default (app.ts). */
  form: 16 * 1024,
  /** A text of up to 10,000 characters (a reflection), at up to 4 bytes each, and its ids. */
  longText: 64 * 1024,
  /** Up to 500 email addresses of up to 254 characters (the admin's bulk grant). */
  addressList: 256 * 1024,
  /** A course document as the admin's editor saves it: every lesson's Markdown (issue 24). */
  courseDocument: 2 * 1024 * 1024,
  /** A sheet of learners to import: up to 2,000,000 characters, mostly one byte each (issue 32). */
  learnerSheet: 3 * 1024 * 1024,
  /** A signed Stripe event: only its signature is checked before it is parsed. */
  stripeEvent: 1024 * 1024,
} as const;
