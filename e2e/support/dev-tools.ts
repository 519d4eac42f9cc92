/**
 * The TanStack Router and Query devtools, which `npm run dev` shows (src/components/devtools.tsx)
 * and a production build never has. They are developer tools, not the product: the
 * accessibility, focus and layout checks leave them out, and screenshots hide them.
 */
export const DEV_TOOLS_SELECTORS = ['.TanStackRouterDevtools', '.tsqd-parent-container'] as const;

/** For `page.screenshot({ style })`. */
export const HIDE_DEV_TOOLS_CSS = `${DEV_TOOLS_SELECTORS.join(', ')} { display: none !important; }`;
