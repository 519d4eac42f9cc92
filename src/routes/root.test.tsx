import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';

describe('page titles', () => {
  it.each([
    ['/login', 'Log in · Your Beauty Salon'],
    ['/clients/register', 'Register a new client · Your Beauty Salon'],
  ])('%s is titled %j', async (path, title) => {
    await renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});

describe('an unknown address', () => {
  it('says the page was not found and links home', async () => {
    await renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
