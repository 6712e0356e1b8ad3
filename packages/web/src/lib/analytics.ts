/**
 * The single entry point for page-view tracking. Analytics arrives in a later issue; until then views are only
 * written to the debug console so the call sites are already in place.
 */
export function trackPageView({ path, title }: { path: string; title?: string }): void {
  console.debug('[analytics] $pageview', { current_url: path, title: title || 'Untitled Page' });
}
