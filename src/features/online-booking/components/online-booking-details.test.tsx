import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseTime, fillDetails, openSection } from '../../../testing/booking-section.ts';
import { recordJsonBodies } from '../../../testing/request-log.ts';
import { openBookingWeek } from '../../../testing/serve-online-booking.ts';

describe('Book an appointment on /: the visitor’s details and Book', () => {
  it('step 3: "Book" says what was booked, when (salon’s time) and where the details went', async () => {
    openBookingWeek();
    const booked = recordJsonBodies('POST');
    const { user, region } = await openSection();
    const section = within(region);
    await chooseTime(user, section);
    await fillDetails(user, section);
    expect(section.getByRole('checkbox', { name: 'Email me about offers' })).not.toBeChecked();
    await user.click(section.getByRole('button', { name: 'Book' }));

    await waitFor(() =>
      expect(section.getByRole('status')).toHaveTextContent(
        'Booked: Haircut and styling on Tuesday, 1 December at 10:00. We have sent the details to ana@example.com.',
      ),
    );
    // React's effect moves the keyboard after the text is painted.
    await waitFor(() => expect(section.getByRole('status')).toHaveFocus());
    expect(booked.at(-1)).toEqual({
      holdToken: expect.any(String),
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@example.com',
      offers: false,
      website: '',
    });
    expect(section.queryByRole('button', { name: 'Book' })).not.toBeInTheDocument();
  });

  it('sends the phone and the offers consent when given', async () => {
    openBookingWeek();
    const booked = recordJsonBodies('POST');
    const { user, region } = await openSection();
    const section = within(region);
    await chooseTime(user, section);
    await fillDetails(user, section);
    expect(section.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('Optional.');
    await user.type(section.getByRole('textbox', { name: 'Phone' }), '+351 912 345 678');
    await user.click(section.getByRole('checkbox', { name: 'Email me about offers' }));
    await user.click(section.getByRole('button', { name: 'Book' }));
    await section.findByText(/^Booked:/);
    expect(booked.at(-1)).toMatchObject({ phone: '+351 912 345 678', offers: true });
  });

  it('asks for what is missing, each error beside its field', async () => {
    openBookingWeek();
    const { user, region } = await openSection();
    const section = within(region);
    await user.click(section.getByRole('button', { name: 'Book' }));
    expect(await section.findByText('Choose a service.')).toBeInTheDocument();
    expect(section.getByRole('group', { name: 'Service' })).toHaveAccessibleDescription('Choose a service.');
    // The first service (name order) takes the keyboard.
    expect(within(section.getByRole('group', { name: 'Service' })).getAllByRole('radio')[0]).toHaveFocus();
    expect(section.getByRole('combobox', { name: 'Time' })).toHaveAccessibleDescription('Choose a time.');
    expect(section.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('the field for bots is out of reach: no screen reader names it, the keyboard never reaches it', async () => {
    openBookingWeek();
    const { user, region } = await openSection();
    const section = within(region);
    expect(section.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
    const trap = section.getByLabelText('Website');
    expect(trap).toHaveAttribute('tabindex', '-1');

    // From the last field the keyboard goes on to "Book", past the hidden one.
    await user.click(section.getByRole('checkbox', { name: 'Email me about offers' }));
    await user.tab();
    expect(section.getByRole('button', { name: 'Book' })).toHaveFocus();
  });
});
