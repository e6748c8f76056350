/** Any origin stands in for ours: only whether a path stays on it matters. */
const THIS_SITE = 'https://this-site.invalid';

/**
 * A page of this site to go back to (`/billing?tab=x`), or null for anything that could lead
 * elsewhere. A browser reads `\` as `/` and drops tabs and line breaks, so `/\evil.example` and
 * `/<tab>/evil.example` are other sites: a backslash, a control character or a space is refused.
 */
export function toReturnPath(value: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (!value.startsWith('/') || /[\\\u0000-\u0020\u007f]/.test(value)) return null;
  const url = new URL(value, THIS_SITE);
  return url.origin === THIS_SITE ? `${url.pathname}${url.search}${url.hash}` : null;
}
