import { Gallery } from './gallery.tsx';
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

/** The page header with the salon name. A section, not a <header>: the nav bar is the page's banner. */
function Hero() {
  return (
    <section className="landing-hero" aria-labelledby="landing-title">
      <div className="landing__inner landing-hero__inner">
        <div className="landing-hero__text">
          <p className="landing__eyebrow">Make-up · Hairstyles · Photoshoots</p>
          <h1 id="landing-title" className="landing-hero__title">
            Your Beauty Salon
          </h1>
          <p className="landing-hero__lead">
            Make-up artists, hair stylists and photographers under one roof, so every occasion gets a look that is entirely yours.
          </p>
          <div className="landing-hero__actions">
            <a className="button button--primary" href="#gallery">
              See our work
            </a>
            <a className="button" href="#about">
              About the salon
            </a>
          </div>
        </div>
        <div className="landing-hero__art">
          {/* Above the fold: loaded at once, first. */}
          <img
            className="landing-hero__image"
            src="/images/hero-portrait.svg"
            alt="Illustrated portrait of a woman with flowing dark hair, soft make-up and gold earrings"
            width={400}
            height={500}
            loading="eager"
            decoding="async"
            fetchPriority="high"
          />
        </div>
      </div>
    </section>
  );
}

type Service = {
  title: string;
  description: string;
  image: string;
};

const services: readonly Service[] = [
  {
    title: 'Make-up & hairstyles',
    description:
      'A soft everyday glow, evening glamour or a bridal look: make-up and hair designed together, so every detail tells the same story and lasts from the first toast to the last dance.',
    image: '/images/service-make-up-and-hair.svg',
  },
  {
    title: 'Photoshoots',
    description:
      'Portraits, editorials and advertising campaigns in our own studio, with styling, lighting and retouching by one team, from the first mood board to the final frame.',
    image: '/images/service-photoshoot.svg',
  },
];

/** The featured block: two images labelled 'services', word for word. */
function FeaturedServices() {
  return (
    <section className="landing-services" aria-labelledby="services-title">
      <div className="landing__inner">
        <p className="landing__eyebrow">What we do</p>
        <h2 id="services-title" className="landing__section-title">
          Our services
        </h2>
        <div className="landing-services__grid">
          {services.map((service) => (
            <article key={service.title} className="landing-services__card">
              <img
                className="landing-services__image"
                src={service.image}
                alt="services"
                width={480}
                height={360}
                loading="lazy"
                decoding="async"
              />
              <div className="landing-services__body">
                <h3 className="landing-services__title">{service.title}</h3>
                <p className="landing-services__description">{service.description}</p>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The 'about' paragraph of marketing text. */
function About() {
  return (
    <section className="landing-about" id="about" aria-labelledby="about-title">
      <div className="landing__inner landing-about__inner">
        <h2 id="about-title" className="landing__section-title">
          About
        </h2>
        <p className="landing-about__text">
          Your Beauty Salon is a small studio of make-up artists, hair stylists and photographers who believe that looking your best should
          feel effortless. Every appointment begins with a conversation about the occasion, your style and how you want to feel, and we
          build the look around you, not around a trend. From a fresh everyday face to a bridal updo or a full editorial photoshoot, we work
          with skin-kind professional products, take the time to get every detail right, and make sure your look lasts all day and
          photographs beautifully. Stay for an hour or spend the whole day in our studio: either way, you will leave feeling like the most
          radiant version of yourself.
        </p>
        <p className="landing-about__signature">The team at Your Beauty Salon</p>
      </div>
    </section>
  );
}
