import { useId } from 'react';
import { galleryItems } from '../gallery-items.ts';
import { useGallerySelection } from '../hooks/use-gallery-selection.ts';
import { GalleryItemButton } from './gallery-item-button.tsx';
import { GalleryStepper } from './gallery-stepper.tsx';

/**
 * The gallery: four fixed items, one selected (index 0 to 3, default 0),
 * shown large with a counter. Items are toggle buttons, so a click, Enter or Space
 * selects one; arrow keys, Home and End move between them as well.
 */
export function Gallery() {
  const total = galleryItems.length;
  const { selectedIndex, select, onItemKeyDown, itemRef } = useGallerySelection(total);
  const idPrefix = useId();
  const selected = galleryItems[selectedIndex] ?? galleryItems[0];

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
              <GalleryStepper index={selectedIndex} total={total} onStep={(step) => select((selectedIndex + step + total) % total)} />
            </div>

            <ul className="landing-gallery__items" aria-label="Gallery items">
              {galleryItems.map((item, index) => (
                <li key={item.image}>
                  <GalleryItemButton
                    ref={itemRef(index)}
                    item={item}
                    idPrefix={`${idPrefix}-item-${index}`}
                    selected={index === selectedIndex}
                    onClick={() => select(index)}
                    onKeyDown={(event) => onItemKeyDown(event, index)}
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
