/** A page rendered ahead (scripts/prerender.ts): its root's contents, and what it adds to the head. */
export interface RenderedPage {
  body: string;
  /** Replaces the shell's <title>; HTML text, escaped. */
  title?: string;
  /** Added at the end of the shell's <head>: meta tags, structured data. */
  head?: string;
}
