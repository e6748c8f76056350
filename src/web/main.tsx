import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router/router.tsx';
import { adoptPageData, PAGE_DATA_ELEMENT_ID } from './app/page-data.ts';
import { createQueryClient, Providers } from './app/providers.tsx';
import { AppRoutes, startPage } from './app/router.tsx';
import { registerServiceWorker } from './lib/register-service-worker.ts';
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
// React takes over their HTML once the page's code is here, so that it hydrates in one pass. Not in
// a transition: a tap on a link while a transition hydrated the page was lost (the landing page's
// Buy Now did nothing when pressed in the page's first moments).
//
// A page rendered here waits for nothing: what it needs is asked for at once (startPage), and its
// parts show as their answers arrive.
const root = document.getElementById('root')!;
const pageCode = startPage(queryClient, window.location.pathname);
if (root.hasChildNodes()) {
  await pageCode;
  hydrateRoot(root, app);
} else {
  // A page whose code failed to load asks for it again as it renders.
  pageCode.catch(() => undefined);
  createRoot(root).render(app);
}

registerServiceWorker();
