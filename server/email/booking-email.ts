/**
 * The booking's confirmation (issue 41), composed from what the booking knows: the subject, a text and an HTML part
 * giving the service, the day and time in the salon's time zone (named), the salon's address and the cancel link, and
 * an .ics of the appointment. Pure: the outbox keeps what it returns.
 */
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { salonDate, salonTime, WEEKDAY_NAMES, weekdayOf } from '#contract/book';
import type { OutgoingEmail } from '../repositories/outbox.ts';
import { calendarFile } from './ics.ts';

/** SALON_ADDRESS when not set (docs/operations.md), and the mock's. */
export const DEFAULT_SALON_ADDRESS = 'Your Beauty Salon, Lisbon';

export type BookingEmailInput = {
  to: string;
  firstName: string;
  service: string;
  /** The appointment's start and end, epoch ms. */
  start: number;
  end: number;
  timeZone: string;
  /** The salon's address (SALON_ADDRESS). */
  address: string;
  /** `${origin}/?cancel=${token}`. */
  cancelUrl: string;
  /** The appointment's id: the calendar event's UID is made from it. */
  appointmentId: string;
  now: Date;
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "Tuesday, 1 December 2026" in the salon's time zone. */
export function salonDay(instant: number, timeZone: string): string {
  const date = salonDate(instant, timeZone);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAY_NAMES[weekdayOf(date)]}, ${day} ${MONTHS[month - 1]} ${year}`;
}

/** Text made safe inside HTML, as an element's content or a quoted attribute. */
export const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function bookingEmail(input: BookingEmailInput): OutgoingEmail {
  const { to, firstName, service, start, end, timeZone, address, cancelUrl } = input;
  const day = salonDay(start, timeZone);
  const time = `${salonTime(start, timeZone)} (${timeZone} time)`;
  const text = [
    `Hello ${firstName},`,
    '',
    'Your appointment is booked:',
    '',
    `Service: ${service}`,
    `Day: ${day}`,
    `Time: ${time}`,
    `Address: ${address}`,
    '',
    `To cancel, open this link: ${cancelUrl}`,
    '',
    'See you soon,',
    'Your Beauty Salon',
    '',
  ].join('\n');
  const row = (label: string, value: string) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`;
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Your appointment at Your Beauty Salon</title></head><body>',
    `<p>Hello ${escapeHtml(firstName)},</p>`,
    '<p>Your appointment is booked:</p>',
    `<table>${row('Service', service)}${row('Day', day)}${row('Time', time)}${row('Address', address)}</table>`,
    `<p><a href="${escapeHtml(cancelUrl)}">Cancel your appointment</a></p>`,
    '<p>See you soon,<br>Your Beauty Salon</p>',
    '</body></html>',
  ].join('\n');
  const ics = calendarFile({
    uid: `${input.appointmentId}@your-beauty-salon`,
    stamp: input.now,
    start: new Date(start),
    end: new Date(end),
    summary: `${service} at Your Beauty Salon`,
    location: address,
    description: `To cancel: ${cancelUrl}`,
    url: cancelUrl,
  });
  return {
    to,
    subject: onlineBookingTexts.emailSubject,
    text,
    html,
    attachments: [{ filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }],
  };
}
