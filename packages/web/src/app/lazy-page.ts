import type { ComponentType } from 'react';

/**
 * A route's `lazy` that loads one component from a page module. A chunk that fails to load (usually because a
 * new build replaced it) rejects here and reaches the route's error element, which reloads the page at the URL
 * being opened (see RouteErrorPage); reloading from here would reload the previous URL.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    const module = await load();
    if (!module) throw new Error('Failed to fetch dynamically imported module');
    return { Component: pick(module) };
  };
}
