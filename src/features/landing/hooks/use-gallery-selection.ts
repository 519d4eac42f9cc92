import { useRef, useState, type KeyboardEvent } from 'react';

/** Where an arrow, Home or End key moves the selection; undefined for any other key. */
function indexForKey(key: string, index: number, total: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % total;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + total) % total;
    case 'Home':
      return 0;
    case 'End':
      return total - 1;
    default:
      return undefined;
  }
}

/**
 * The gallery's selection among `total` items (index 0 to total - 1, default 0), and its items' buttons: a click selects
 * one (`select`); an arrow, Home or End key on a button selects another and moves focus to it (`onItemKeyDown`).
 */
export function useGallerySelection(total: number) {
  const [selectedIndex, select] = useState(0);
  const itemButtons = useRef<(HTMLButtonElement | null)[]>([]);

  function onItemKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = indexForKey(event.key, index, total);
    if (next === undefined) return;
    // The keys would otherwise scroll the page.
    event.preventDefault();
    select(next);
    itemButtons.current[next]?.focus();
  }

  /** The `ref` of item `index`'s button. */
  const itemRef = (index: number) => (button: HTMLButtonElement | null) => {
    itemButtons.current[index] = button;
  };

  return { selectedIndex, select, onItemKeyDown, itemRef };
}
