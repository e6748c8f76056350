/** Any origin stands in for ours: only whether a path stays on it matters. */
const THIS_SITE = 'https://this-site.invalid';

/**
 * A page of this site to go back to (`/billing?tab=x`), or null for anything that could lead
 * elsewhere. A browser reads `\` as `/` and drops tabs and line breaks, so `/\evil.example` and
 * `/<tab>/evil.example` are other sites: a backslash, a control character or a space is refused.
 * Dot segments are resolved first, so `/.//evil.example` is judged as the `//evil.example` it
 * becomes: a path that starts with `//` names another host wherever it is used.
 */
export function toReturnPath(value: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (!value.startsWith('/') || /[\\\u0000-\u0020\u007f]/.test(value)) return null;
  const url = parseOnThisSite(value);
  if (!url) return null;
  if (url.origin !== THIS_SITE || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `//` alone is no address at all: new URL throws on it. */
function parseOnThisSite(value: string): URL | null {
  try {
    return new URL(value, THIS_SITE);
  } catch {
    return null;
  }
}
