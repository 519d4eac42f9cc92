/**
 * The TanStack Router and Query devtools and the mock backend's panel (src/components/devtools.tsx,
 * mocks/mock-panel.ts), which `npm run dev` shows
 * and a production build never has. They are developer tools, not the product: the
 * accessibility, focus and layout checks leave them out, and screenshots hide them.
 */
export const DEV_TOOLS_SELECTORS = ['.TanStackRouterDevtools', '.tsqd-parent-container', '.salon-mock-panel'] as const;

/** For `page.screenshot({ style })`. */
export const HIDE_DEV_TOOLS_CSS = `${DEV_TOOLS_SELECTORS.join(', ')} { display: none !important; }`;
