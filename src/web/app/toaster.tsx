import { Toaster } from 'react-hot-toast';

/**
 * Spec 1 §9: 4 s for blank and error, 2 s for success, loading until dismissed, 350 px wide at
 * most. Drawn with the theme's surface and text, so a toast is dark in the dark theme too.
 */
export function AppToaster() {
  return (
    <Toaster
      // Top centre (spec 1 §9), below the 64 px header rather than over its links.
      containerStyle={{ top: 80 }}
      toastOptions={{
        blank: { duration: 4000 },
        error: { duration: 4000 },
        success: { duration: 2000 },
        custom: { duration: 4000 },
        loading: { duration: Infinity },
        style: { maxWidth: 350, background: 'var(--color-white)', color: 'var(--color-ink-900)' },
      }}
    />
  );
}
