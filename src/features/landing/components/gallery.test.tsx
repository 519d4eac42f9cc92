import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';

const titles = ['Golden Hour', 'Velvet Rose', 'Silk & Pearls', 'Studio Glow'];

async function renderGallery() {
  const view = await renderApp('/');
  const gallery = screen.getByRole('region', { name: 'Gallery' });
  const item = (title: string) => within(gallery).getByRole('button', { name: title });
  /** `title` is the selected item: pressed, and the counter at its place (`2 / 4`). */
  const expectSelected = (title: string) => {
    expect(item(title)).toHaveAttribute('aria-pressed', 'true');
    expect(within(gallery).getByText(`${titles.indexOf(title) + 1} / 4`)).toBeInTheDocument();
  };
  return { ...view, gallery, item, expectSelected };
}

describe('landing page gallery', () => {
  it('shows four fixed items, each with its title, the subtitle and the category', async () => {
    const { gallery } = await renderGallery();
    const items = within(within(gallery).getByRole('list', { name: 'Gallery items' })).getAllByRole('button');
    expect(items).toHaveLength(4);
    items.forEach((item, index) => {
      expect(item).toHaveAccessibleName(titles[index]);
      expect(within(item).getByText('Live the Beauty')).toBeInTheDocument();
      expect(within(item).getByText('Photoshoot / Adv.Campaign')).toBeInTheDocument();
      expect(item).toHaveAccessibleDescription('Live the Beauty Photoshoot / Adv.Campaign');
    });
  });

  it('starts with the first item selected and the counter at 1 / 4', async () => {
    const { gallery, item, expectSelected } = await renderGallery();
    expectSelected('Golden Hour');
    for (const title of titles.slice(1)) expect(item(title)).toHaveAttribute('aria-pressed', 'false');
    expect(within(gallery).getByRole('heading', { level: 3 })).toHaveTextContent('Golden Hour');
  });

  it('selects the item that is clicked: the third shows 3 / 4 and is shown large', async () => {
    const { user, gallery, item } = await renderGallery();
    await user.click(item('Silk & Pearls'));

    expect(within(gallery).getByText('3 / 4')).toBeInTheDocument();
    expect(within(gallery).queryByText('1 / 4')).not.toBeInTheDocument();
    expect(item('Silk & Pearls')).toHaveAttribute('aria-pressed', 'true');
    expect(item('Golden Hour')).toHaveAttribute('aria-pressed', 'false');
    expect(within(gallery).getByRole('heading', { level: 3 })).toHaveTextContent('Silk & Pearls');
    expect(within(gallery).getByRole('img', { name: /bride with a blonde updo/ })).toHaveAttribute(
      'src',
      '/images/gallery-silk-and-pearls.svg',
    );
  });

  it('selects with the keyboard: Tab to an item, then Enter or Space', async () => {
    const { user, item, expectSelected } = await renderGallery();
    item('Golden Hour').focus();

    await user.tab();
    await user.tab();
    expect(item('Silk & Pearls')).toHaveFocus();
    await user.keyboard('{Enter}');
    expectSelected('Silk & Pearls');

    await user.tab();
    expect(item('Studio Glow')).toHaveFocus();
    await user.keyboard(' ');
    expectSelected('Studio Glow');
  });

  it('moves the selection and focus with the arrow keys, Home and End, wrapping around', async () => {
    const { user, item, expectSelected } = await renderGallery();
    item('Golden Hour').focus();

    for (const [key, title] of [
      ['{ArrowDown}', 'Velvet Rose'],
      ['{ArrowRight}', 'Silk & Pearls'],
      ['{ArrowUp}', 'Velvet Rose'],
      ['{End}', 'Studio Glow'],
      ['{ArrowDown}', 'Golden Hour'],
      ['{ArrowLeft}', 'Studio Glow'],
      ['{Home}', 'Golden Hour'],
    ] as const) {
      await user.keyboard(key);
      expect(item(title), `focus after ${key}`).toHaveFocus();
      expectSelected(title);
    }
  });

  it('steps through the items with the previous and next buttons, wrapping around', async () => {
    const { user, gallery, expectSelected } = await renderGallery();

    await user.click(within(gallery).getByRole('button', { name: 'Previous item' }));
    expectSelected('Studio Glow');

    await user.click(within(gallery).getByRole('button', { name: 'Next item' }));
    await user.click(within(gallery).getByRole('button', { name: 'Next item' }));
    expectSelected('Velvet Rose');
  });
});
