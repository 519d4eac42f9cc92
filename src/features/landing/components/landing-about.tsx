/** The 'about' paragraph of marketing text. */
export function About() {
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
