import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { galleryItems, type GalleryItem } from '../gallery-items.ts';

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
 * The gallery: four fixed items, one selected (index 0 to 3, default 0),
 * shown large with a counter. Items are toggle buttons, so a click, Enter or Space
 * selects one; arrow keys, Home and End move between them as well.
 */
export function Gallery() {
  const [selectedIndex, setSelectedIndex] = useState(0);
  const idPrefix = useId();
  const itemButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const total = galleryItems.length;
  const selected = galleryItems[selectedIndex] ?? galleryItems[0];

  function selectAndFocus(index: number) {
    setSelectedIndex(index);
    itemButtons.current[index]?.focus();
  }

  function handleItemKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = indexForKey(event.key, index, total);
    if (next === undefined) return;
    // The keys would otherwise scroll the page.
    event.preventDefault();
    selectAndFocus(next);
  }

  return (
    <section className="landing-gallery" id="gallery" aria-labelledby="gallery-title">
      <div className="landing__inner">
        <p className="landing__eyebrow landing__eyebrow--on-dark">Our work</p>
        <h2 id="gallery-title" className="landing__section-title">
          Gallery
        </h2>

        <div className="landing-gallery__layout">
          <figure className="landing-gallery__stage">
            {/* A new key per item restarts the fade-in when the selection changes. */}
            <img
              key={selected.image}
              className="landing-gallery__stage-image"
              src={selected.image}
              alt={selected.imageAlt}
              width={400}
              height={500}
              loading="lazy"
              decoding="async"
            />
          </figure>

          <div className="landing-gallery__side">
            <div className="landing-gallery__caption">
              <p className="landing-gallery__category">{selected.category}</p>
              <h3 className="landing-gallery__title">{selected.title}</h3>
              <p className="landing-gallery__subtitle">{selected.subtitle}</p>
              <GalleryStepper
                index={selectedIndex}
                total={total}
                onStep={(step) => setSelectedIndex((selectedIndex + step + total) % total)}
              />
            </div>

            <ul className="landing-gallery__items" aria-label="Gallery items">
              {galleryItems.map((item, index) => (
                <li key={item.image}>
                  <GalleryItemButton
                    ref={(button) => {
                      itemButtons.current[index] = button;
                    }}
                    item={item}
                    idPrefix={`${idPrefix}-item-${index}`}
                    selected={index === selectedIndex}
                    onClick={() => setSelectedIndex(index)}
                    onKeyDown={(event) => handleItemKeyDown(event, index)}
                  />
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Previous, the counter ("1 / 4") and Next. */
function GalleryStepper({ index, total, onStep }: { index: number; total: number; onStep: (step: 1 | -1) => void }) {
  return (
    <div className="landing-gallery__controls">
      <button type="button" className="landing-gallery__step" aria-label="Previous item" onClick={() => onStep(-1)}>
        <ArrowIcon direction="left" />
      </button>
      <p className="landing-gallery__counter">
        <span className="visually-hidden">Selected item </span>
        <span>
          {index + 1} / {total}
        </span>
      </p>
      <button type="button" className="landing-gallery__step" aria-label="Next item" onClick={() => onStep(1)}>
        <ArrowIcon direction="right" />
      </button>
    </div>
  );
}

type GalleryItemButtonProps = {
  ref: Ref<HTMLButtonElement>;
  item: GalleryItem;
  idPrefix: string;
  selected: boolean;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
};

/** One item: a toggle button named by its title alone; subtitle and category are read as its description. */
function GalleryItemButton({ ref, item, idPrefix, selected, onClick, onKeyDown }: GalleryItemButtonProps) {
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
