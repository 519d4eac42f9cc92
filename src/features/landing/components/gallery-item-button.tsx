import type { KeyboardEvent, Ref } from 'react';
import type { GalleryItem } from '../gallery-items.ts';

type GalleryItemButtonProps = {
  ref: Ref<HTMLButtonElement>;
  item: GalleryItem;
  idPrefix: string;
  selected: boolean;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
};

/** One item: a toggle button named by its title alone; subtitle and category are read as its description. */
export function GalleryItemButton({ ref, item, idPrefix, selected, onClick, onKeyDown }: GalleryItemButtonProps) {
  const titleId = `${idPrefix}-title`;
  const subtitleId = `${idPrefix}-subtitle`;
  const categoryId = `${idPrefix}-category`;
  return (
    <button
      ref={ref}
      type="button"
      className="landing-gallery__item"
      aria-pressed={selected}
      aria-labelledby={titleId}
      aria-describedby={`${subtitleId} ${categoryId}`}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <img className="landing-gallery__thumb" src={item.image} alt="" width={400} height={500} loading="lazy" decoding="async" />
      <span className="landing-gallery__item-text">
        <span id={titleId} className="landing-gallery__item-title">
          {item.title}
        </span>
        <span id={subtitleId} className="landing-gallery__item-subtitle">
          {item.subtitle}
        </span>
        <span id={categoryId} className="landing-gallery__item-category">
          {item.category}
        </span>
      </span>
    </button>
  );
}
