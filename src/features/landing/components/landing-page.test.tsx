import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';

describe('landing page /', () => {
  it('has a header with the salon name as the page heading', async () => {
    await renderApp('/');
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent('Your Beauty Salon');
  });

  it('has a featured block with two images labelled "services"', async () => {
    await renderApp('/');
    const featured = screen.getByRole('region', { name: 'Our services' });
    expect(within(featured).getAllByRole('img', { name: 'services' })).toHaveLength(2);
    expect(screen.getAllByRole('img', { name: 'services' })).toHaveLength(2);
  });

  it('has an about paragraph of marketing text', async () => {
    await renderApp('/');
    const about = screen.getByRole('region', { name: 'About' });
    const paragraph = within(about).getByText(/small studio of make-up artists, hair stylists and photographers/);
    expect(paragraph.tagName).toBe('P');
    expect(paragraph.textContent?.length).toBeGreaterThan(200);
  });

  it('has a footer with the city it is made in, three social links and the 2023 copyright line', async () => {
    await renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('Made in Lisbon');
    const inFooter = within(footer);

    const social = inFooter.getByRole('list', { name: 'Follow us' });
    const links = within(social).getAllByRole('link');
    expect(links).toHaveLength(3);
    expect(inFooter.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/');
    expect(inFooter.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://www.facebook.com/');
    expect(inFooter.getByRole('link', { name: 'Pinterest' })).toHaveAttribute('href', 'https://www.pinterest.com/');
    // The icons are drawn inline: each link holds its own svg, not a picture from another site.
    // eslint-disable-next-line testing-library/no-node-access -- an aria-hidden icon has no role to find it by
    for (const link of links) expect(link.querySelector('svg')).not.toBeNull();

    expect(inFooter.getByText('© 2023 Your Beauty Salon')).toBeInTheDocument();
  });

  it('places the footer after <main>, where it is the page-wide contentinfo landmark', async () => {
    await renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('Made in Lisbon');
    const main = screen.getByRole('main');
    expect(main).not.toContainElement(footer);
    expect(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('removes the footer when leaving the landing page', async () => {
    const { user } = await renderApp('/');
    expect(await screen.findByText('Made in Lisbon')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Staff login' });
    expect(screen.queryByText('Made in Lisbon')).not.toBeInTheDocument();
  });

  it('shows only the site’s own images, each with a text alternative', async () => {
    await renderApp('/');
    // Every <img>, decorative ones too (alt="" gives them no role to find them by).
    // eslint-disable-next-line testing-library/no-node-access
    const images = document.querySelectorAll('img');
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.getAttribute('src')).toMatch(/^\/images\/[a-z-]+\.svg$/);
      expect(image).toHaveAttribute('alt');
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
  });
});
