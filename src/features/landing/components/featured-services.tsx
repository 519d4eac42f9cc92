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
export function FeaturedServices() {
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
