import { createElement, use, type ComponentType } from 'react';

export type LazyComponent<Props extends object = object> = ComponentType<Props> & {
  preload: () => Promise<ComponentType<Props>>;
};

/**
 * A component whose code loads when it is first rendered, or ahead with `preload`. Unlike
 * React.lazy, a component loaded ahead renders at once: a rendered page must hydrate in one
 * pass, before any data the browser fetches can make it differ from its HTML. A failed load is
 * tried again the next time.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyComponent<Props> {
  let loading: Promise<ComponentType<Props>> | undefined;
  let Loaded: ComponentType<Props> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (Component) => (Loaded = Component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function Lazy(props: Props) {
    return createElement(Loaded ?? use(preload()), props);
  }
  return Object.assign(Lazy, { preload });
}
