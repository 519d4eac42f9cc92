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
