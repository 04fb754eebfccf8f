/**
 * Without JavaScript the tabs cannot switch, so every menu panel and its
 * category title is shown and the tab bar hidden. Keyed on an attribute that a
 * one-line head script sets before first paint (rather than <noscript>, which
 * browsers that merely block scripts do not honour).
 *
 * The head script is MARK_JS, the site's only inline script, defined beside the
 * Content-Security-Policy that allows it by its hash (http/security-headers.server.ts).
 */
// In Tailwind's `base` layer: an !important rule outside the layers would lose to preflight's `[hidden]{display:none!important}`.
export const NO_SCRIPT_CSS =
  '@layer base{' +
  'html:not([data-js]) #menu [role=tablist]{display:none!important}html:not([data-js]) #menu [role=tabpanel][hidden]{display:block!important}' +
  'html:not([data-js]) #menu [data-category-title]{position:static!important;width:auto!important;height:auto!important;margin:2rem 0 1rem!important;overflow:visible!important;clip-path:none!important;white-space:normal!important;font-size:1.5rem;font-weight:700}' +
  '}'
