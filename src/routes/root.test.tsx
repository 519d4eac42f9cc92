import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app.tsx';

describe('page titles', () => {
  it.each([
    ['/', 'Your Beauty Salon: make-up, hairstyles and photoshoots'],
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

describe('moving to another page', () => {
  it('puts the focus on the new page content, where a keyboard user continues', async () => {
    const { user } = await renderApp('/');
    await user.click(screen.getByRole('link', { name: 'Login' }));
    await screen.findByRole('button', { name: 'Log in' });
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());

    await user.tab();
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });
});
