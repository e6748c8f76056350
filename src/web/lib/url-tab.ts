import { useSearchParams } from './router/router.tsx';

/**
 * The tab a page shows, kept in the address (`?tab=`) so that a reload or a shared link opens it;
 * `fallback` when the address names none of `tabs`.
 */
export function useUrlTab<Tab extends string>(
  tabs: readonly { value: Tab }[],
  fallback: NoInfer<Tab>,
): Tab {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  return tabs.find((tab) => tab.value === requested)?.value ?? fallback;
}
