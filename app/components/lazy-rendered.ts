import { type ComponentType, type LazyExoticComponent, lazy } from "react";

type Loaded<P> = { default: ComponentType<P> };

/**
 * React.lazy for a component that the browser loads apart from the page but the server renders in
 * place. A lazy component suspends on its first render; the server then sends it in a later part of
 * the page, which an inline script moves into place, so without JavaScript it never shows. On the
 * server the module is loaded when this module is, and handed to React at once.
 * No form fields in such a part: the browser renders it anew once its code has come (an update
 * reaches it before it has hydrated), losing what a visitor typed in it meanwhile.
 */
export function lazyRendered<P>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  if (!import.meta.env.SSR) return lazy(() => load().then((component) => ({ default: component })));
  let loaded: Loaded<P> | undefined;
  const loading = load().then((component) => {
    loaded = { default: component };
    return loaded;
  });
  const module = {
    // biome-ignore lint/suspicious/noThenProperty: React reads a module handed to `then` at once as loaded
    then: (resolve: (module: Loaded<P>) => void) => (loaded ? resolve(loaded) : loading.then(resolve)),
  } as Promise<Loaded<P>>;
  return lazy(() => module);
}
