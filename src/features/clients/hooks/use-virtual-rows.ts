import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { Client } from '#contract/api';

/**
 * Every row is this tall, so no row needs measuring. The stylesheet reads it from the table's
 * `--clients-table-row-height` (clients-table.css), so the two cannot disagree.
 */
export const ROW_HEIGHT_REM = 3.5;
/** Rows rendered beyond each edge of the window, so that scrolling never shows a blank. */
const OVERSCAN_ROWS = 12;

/** The rows' height in pixels, read once per layout rather than once per row. */
function rowHeightPx(): number {
  const rootFontSize = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return ROW_HEIGHT_REM * rootFontSize;
}

/**
 * The client table's rows near the window (TanStack Virtual, counting from the top of the document), and the space
 * the spacer rows keep above and below them. `bodyRef` goes on the table's body: where the rows start.
 */
export function useVirtualRows(clients: readonly Client[]) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [rowHeight, setRowHeight] = useState(rowHeightPx);

  // Where the rows start on the page (the virtualizer counts from the top of the document),
  // and how tall they are (the root font size can change with the browser's settings).
  useLayoutEffect(() => {
    const measure = () => {
      const body = bodyRef.current;
      if (body) setScrollMargin(body.getBoundingClientRect().top + window.scrollY);
      setRowHeight(rowHeightPx());
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  // Both stay the same function from render to render: the virtualizer lays out every row
  // again (all 50,000 of a large list) whenever either changes, so a new one on each render
  // would make every scroll step cost as much as the first layout.
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const getItemKey = useCallback((index: number) => clients[index]?._id ?? index, [clients]);
  const virtualizer = useWindowVirtualizer({
    count: clients.length,
    estimateSize,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    getItemKey,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows.at(-1);
  const spaceAbove = first ? first.start - scrollMargin : 0;
  const spaceBelow = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;
  return { bodyRef, rows, spaceAbove, spaceBelow };
}
