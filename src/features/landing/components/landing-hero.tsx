/** The page header with the salon name. A section, not a <header>: the nav bar is the page's banner. */
export function Hero() {
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
