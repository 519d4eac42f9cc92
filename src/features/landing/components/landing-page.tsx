import { FeaturedServices } from './featured-services.tsx';
import { Gallery } from './gallery.tsx';
import { About } from './landing-about.tsx';
import { Hero } from './landing-hero.tsx';
import './landing.css';

/**
 * The public landing page: header, featured services, about and gallery.
 * Its footer comes after <main>, from the root layout (LandingFooter).
 */
export function LandingPage() {
  return (
    <div className="landing">
      <Hero />
      <FeaturedServices />
      <About />
      <Gallery />
    </div>
  );
}
