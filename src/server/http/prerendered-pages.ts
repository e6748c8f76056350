/** The public pages rendered at build time (scripts/prerender.ts), by path: their file names. */
export const prerenderedPages: Record<string, string> = {
  '/': 'home.html',
  '/courses': 'courses.html',
  '/shop': 'shop.html',
  '/login': 'login.html',
  '/register': 'register.html',
  '/terms': 'terms.html',
  '/privacy': 'privacy.html',
};

export const PRERENDERED_DIR = 'prerendered';
