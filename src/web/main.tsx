import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router/router.tsx';
import { adoptPageData, PAGE_DATA_ELEMENT_ID } from './app/page-data.ts';
import { createQueryClient, Providers } from './app/providers.tsx';
import { AppRoutes, preloadPages } from './app/router.tsx';
import './styles.css';

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
// React takes over their HTML once the page's code is here, so that it hydrates in one pass.
const root = document.getElementById('root')!;
if (root.hasChildNodes()) {
  await preloadPages(window.location.pathname);
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
