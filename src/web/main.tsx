import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router/router.tsx';
import { adoptPageData, PAGE_DATA_ELEMENT_ID } from './app/page-data.ts';
import { createQueryClient, Providers } from './app/providers.tsx';
import { AppRoutes, preloadPages } from './app/router.tsx';
import './styles.css';

// The pages' content security policy allows no eval: zod would try `new Function` once, to see
// whether it may compile its parsers, and the browser would report the refusal as a violation.
// zod keeps its settings in this global, and adopts it if it is there first: set here, zod itself
// stays out of the pages that do not use it (its `config` would bring 4 KiB to `/`).
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodSettings.__zod_globalConfig ??= {}).jitless = true;

const queryClient = createQueryClient();
adoptPageData(queryClient, document.getElementById(PAGE_DATA_ELEMENT_ID));

const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

// The public pages arrive rendered (scripts/prerender.ts), and start this script once painted:
// React takes over their HTML once the page's code is here, so that it hydrates in one pass. In a
// transition, that pass yields to the browser every few milliseconds rather than holding the main
// thread for the whole page (a long task a tap would wait behind: Lighthouse's blocking time).
const root = document.getElementById('root')!;
if (root.hasChildNodes()) {
  await preloadPages(window.location.pathname);
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
