import type { ReactNode } from 'react';

type SocialLink = {
  name: string;
  href: string;
  icon: ReactNode;
};

// Links only: the icons are inline SVG, so nothing is loaded from these sites.
const socialLinks: readonly SocialLink[] = [
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/',
    icon: (
      <>
        <rect x="3.5" y="3.5" width="17" height="17" rx="5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <circle cx="17.2" cy="6.8" r="1.1" fill="currentColor" />
      </>
    ),
  },
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/',
    icon: (
      <path
        fill="currentColor"
        d="M13.4 21v-7.7h2.6l.4-3h-3V8.4c0-.9.3-1.5 1.5-1.5h1.6V4.2c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4V10.3H7.7v3h2.6V21h3.1z"
      />
    ),
  },
  {
    name: 'Pinterest',
    href: 'https://www.pinterest.com/',
    icon: (
      <path
        fill="currentColor"
        d="M12.2 3C7.3 3 4.8 6.5 4.8 9.4c0 1.8.7 3.3 2.1 3.9.2.1.4 0 .5-.3l.2-.8c.1-.3 0-.4-.2-.6-.4-.5-.7-1.1-.7-2 0-2.6 1.9-4.9 5-4.9 2.8 0 4.3 1.7 4.3 3.9 0 2.9-1.3 5.4-3.2 5.4-1.1 0-1.9-.9-1.6-2 .3-1.3.9-2.7.9-3.6 0-.8-.4-1.5-1.4-1.5-1.1 0-2 1.1-2 2.7 0 1 .3 1.6.3 1.6l-1.3 5.5c-.4 1.6-.1 3.6 0 3.8 0 .1.2.2.3.1.1-.2 1.5-1.9 2-3.6l.8-3c.4.7 1.5 1.4 2.7 1.4 3.6 0 6-3.3 6-7.6C19.4 6 16.5 3 12.2 3z"
      />
    ),
  },
];

/**
 * The landing page's footer: where it is made, three social icons and the
 * copyright line with the year 2023. The root layout loads it on the landing page only (staff pages' bundle is
 * without it) and places it after <main>, where it is the page's contentinfo landmark; its styles are in
 * landing.css, loaded with the page.
 */
export default function LandingFooter() {
  return (
    <footer className="landing-footer">
      <div className="landing-footer__inner">
        <div className="landing-footer__brand">
          <p className="landing-footer__name">Your Beauty Salon</p>
          <p className="landing-footer__tagline">Make-up · Hairstyles · Photoshoots</p>
        </div>
        <ul className="landing-footer__social" aria-label="Follow us">
          {socialLinks.map(({ name, href, icon }) => (
            <li key={name}>
              <a className="landing-footer__social-link" href={href} aria-label={name}>
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                  {icon}
                </svg>
              </a>
            </li>
          ))}
        </ul>
        <div className="landing-footer__legal">
          <p className="landing-footer__made-in">Made in Lisbon</p>
          <p className="landing-footer__copyright">© 2023 Your Beauty Salon</p>
        </div>
      </div>
    </footer>
  );
}
