/** A gallery item: fixed in the product, not loaded from the server. */
export type GalleryItem = {
  /** Path of the project's own artwork under public/images. */
  image: string;
  /** What the artwork shows, for people who cannot see it. */
  imageAlt: string;
  title: string;
  subtitle: string;
  category: string;
};

// Four items, each with this subtitle and category, word for word.
const subtitle = 'Live the Beauty';
const category = 'Photoshoot / Adv.Campaign';

// A non-empty tuple type, so the first item is always there to fall back on.
export const galleryItems: readonly [GalleryItem, ...GalleryItem[]] = [
  {
    image: '/images/gallery-golden-hour.svg',
    imageAlt: 'Illustrated portrait of a woman with long auburn waves and gold earrings in warm sunset light',
    title: 'Golden Hour',
    subtitle,
    category,
  },
  {
    image: '/images/gallery-velvet-rose.svg',
    imageAlt: 'Illustrated portrait of a woman with voluminous curls and deep berry lips among roses',
    title: 'Velvet Rose',
    subtitle,
    category,
  },
  {
    image: '/images/gallery-silk-and-pearls.svg',
    imageAlt: 'Illustrated portrait of a bride with a blonde updo threaded with pearls',
    title: 'Silk & Pearls',
    subtitle,
    category,
  },
  {
    image: '/images/gallery-studio-glow.svg',
    imageAlt: 'Illustrated portrait of a woman with a sleek dark bob under a studio softbox light',
    title: 'Studio Glow',
    subtitle,
    category,
  },
];
