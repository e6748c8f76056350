import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Settings } from '../../shared/api/account.ts';
import type { ThemePreference } from '../../shared/rules/account.ts';
import { DARK_SCHEME_QUERY, THEME_STORAGE_KEY } from '../../shared/theme-boot.ts';
import { apiRequest } from './api-client.ts';
import { useSession } from './session.ts';

export const settingsQueryKey = ['account', 'settings'] as const;
export const settingsPath = '/api/account/settings';

export function fetchSettings(signal?: AbortSignal) {
  return apiRequest<Settings>(settingsPath, { signal });
}

/** The learner's saved settings: read once a session, then kept as the settings page saves them. */
export const settingsQueryOptions = queryOptions({
  queryKey: settingsQueryKey,
  queryFn: ({ signal }) => fetchSettings(signal),
  staleTime: Infinity,
});

/** Switches the whole site: the `dark` class on <html> swaps the colour palette (styles.css). */
export function applyTheme(preference: ThemePreference): void {
  const isDark =
    preference === 'dark' ||
    (preference === 'system' && window.matchMedia(DARK_SCHEME_QUERY).matches);
  document.documentElement.classList.toggle('dark', isDark);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage disabled: the theme still applies to this page.
  }
}

/** Keeps the site on the signed-in learner's saved theme, and follows the system when asked. */
export function useAccountTheme(): void {
  const { data: user } = useSession();
  const settings = useQuery({ ...settingsQueryOptions, enabled: Boolean(user) });
  const preference = settings.data?.themePreference;
  useEffect(() => {
    if (!preference) return;
    applyTheme(preference);
    if (preference !== 'system') return;
    const media = window.matchMedia(DARK_SCHEME_QUERY);
    const follow = () => applyTheme('system');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [preference]);
}
