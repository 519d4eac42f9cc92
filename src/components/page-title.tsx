import { useRouterState } from '@tanstack/react-router';

type TitledMatch = { status: string; meta?: ReadonlyArray<{ title?: string } | undefined> };

/**
 * The page's title: the deepest route's `head` title among the matches that have loaded, as TanStack Router's
 * `HeadContent` picks it. The routes' `head` gives titles only; `HeadContent` renders meta tags, links, styles and
 * scripts too, 1.35 KiB of the landing page's first JS (gzip) that no page used (docs/performance.md).
 */
export function pageTitle(matches: readonly TitledMatch[]): string | undefined {
  let title: string | undefined;
  for (const match of matches) {
    title = match.meta?.findLast((meta) => meta?.title)?.title ?? title;
    // A route that failed or was not found ends the page: what lies below it has not loaded.
    if (match.status !== 'success') break;
  }
  return title;
}

/** React puts the <title> in the document's head. */
export function PageTitle() {
  const title = useRouterState({ select: (state) => pageTitle(state.matches) });
  return title === undefined ? null : <title>{title}</title>;
}
