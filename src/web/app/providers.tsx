import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { isWorthRetrying } from '../lib/api-client.ts';
import { useSession } from '../lib/session.ts';
import { useAccountTheme } from '../lib/theme.ts';

// Toasts follow what a visitor does, or a signed-in page's own notices: the toaster's code loads
// then, not with the first paint of a public page.
const AppToaster = lazy(async () => ({ default: (await import('./toaster.tsx')).AppToaster }));

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change on retry; a network blip might.
        retry: (failureCount, error) => isWorthRetrying(error) && failureCount < 2,
        refetchOnWindowFocus: true,
      },
    },
  });
}

export function Providers({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AccountTheme />
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}

function AccountTheme() {
  useAccountTheme();
  return null;
}

function DeferredToaster() {
  const { data: user } = useSession();
  const hasInteracted = useHasInteracted();
  return user || hasInteracted ? (
    <Suspense>
      <AppToaster />
    </Suspense>
  ) : null;
}

/** Whether the visitor has pressed a key or a pointer on the page yet. */
function useHasInteracted(): boolean {
  const [hasInteracted, setHasInteracted] = useState(false);
  useEffect(() => {
    if (hasInteracted) return;
    const interacted = () => setHasInteracted(true);
    const options = { capture: true, once: true, passive: true };
    window.addEventListener('pointerdown', interacted, options);
    window.addEventListener('keydown', interacted, options);
    return () => {
      window.removeEventListener('pointerdown', interacted, options);
      window.removeEventListener('keydown', interacted, options);
    };
  }, [hasInteracted]);
  return hasInteracted;
}
