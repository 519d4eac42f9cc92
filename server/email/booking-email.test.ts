import { describe, expect, it } from 'vitest';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { bookingEmail, escapeHtml, salonDay } from './booking-email.ts';
import { calendarFile, escapeText, fold } from './ics.ts';

const START = Date.parse('2026-07-01T08:30:00Z');
const input = {
  to: 'ana@example.com',
  firstName: 'Ana',
  service: 'Cut, colour; and "style"',
  start: START,
  end: START + 90 * 60_000,
  timeZone: 'Europe/Lisbon',
  address: 'Rua Augusta 1, 1100-053 Lisbon',
  cancelUrl: 'https://salon.example/?cancel=t0k3n',
  appointmentId: 'a-1',
  now: new Date('2026-06-20T12:00:00Z'),
};

describe('the booking’s email', () => {
  it('gives the service, the day and time in the salon’s named zone, the address and the cancel link', () => {
    const email = bookingEmail(input);
    expect(email.subject).toBe(onlineBookingTexts.emailSubject);
    expect(email.to).toBe('ana@example.com');
    for (const line of [
      'Service: Cut, colour; and "style"',
      // 08:30 UTC is 09:30 in Lisbon in summer.
      'Day: Wednesday, 1 July 2026',
      'Time: 09:30 (Europe/Lisbon time)',
      'Address: Rua Augusta 1, 1100-053 Lisbon',
      'To cancel, open this link: https://salon.example/?cancel=t0k3n',
    ]) {
      expect(email.text).toContain(line);
    }
    expect(email.html).toContain('<td>Wednesday, 1 July 2026</td>');
    expect(email.html).toContain('<td>09:30 (Europe/Lisbon time)</td>');
    expect(email.html).toContain('<a href="https://salon.example/?cancel=t0k3n">');
  });

  it('escapes what visitors typed in the HTML', () => {
    const email = bookingEmail({ ...input, firstName: '<img src=x onerror="alert(1)">&' });
    expect(email.html).toContain('Hello &lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;,');
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('<td>Cut, colour; and &quot;style&quot;</td>');
    expect(escapeHtml(`a'b`)).toBe('a&#39;b');
  });

  it('names the day in the salon’s zone, not UTC’s', () => {
    // 23:30 UTC on 31 December is already 1 January in Tokyo.
    expect(salonDay(Date.parse('2026-12-31T23:30:00Z'), 'Asia/Tokyo')).toBe('Friday, 1 January 2027');
    expect(salonDay(Date.parse('2026-12-31T23:30:00Z'), 'America/New_York')).toBe('Thursday, 31 December 2026');
  });

  it('attaches an .ics of the appointment, in UTC', () => {
    const [ics] = bookingEmail(input).attachments;
    expect(ics).toMatchObject({ filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
    const lines = ics!.content.split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'UID:a-1@your-beauty-salon',
        'DTSTAMP:20260620T120000Z',
        'DTSTART:20260701T083000Z',
        'DTEND:20260701T100000Z',
        'SUMMARY:Cut\\, colour\\; and "style" at Your Beauty Salon',
        'LOCATION:Rua Augusta 1\\, 1100-053 Lisbon',
        'END:VCALENDAR',
      ]),
    );
    expect(ics!.content.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics!.content.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});

describe('the .ics', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines longer than 75 octets, never inside a character', () => {
    const folded = fold(`DESCRIPTION:${'é'.repeat(60)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBe(2);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines[1]!.startsWith(' ')).toBe(true);
    expect(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join('')).toBe(`DESCRIPTION:${'é'.repeat(60)}`);
    expect(fold('SHORT:1')).toBe('SHORT:1');
  });

  it('ends every line, the last too, with CRLF', () => {
    const file = calendarFile({
      uid: 'u',
      stamp: new Date(0),
      start: new Date(0),
      end: new Date(3_600_000),
      summary: 's',
      location: 'l',
      description: 'd',
      url: 'https://salon.example/',
    });
    expect(file.split('\r\n').at(-1)).toBe('');
    expect(file.replace(/\r\n/g, '')).not.toContain('\n');
  });
});
