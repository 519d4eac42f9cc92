import { describe, expect, it } from 'vitest';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { ApiError } from '../../../lib/api-errors.ts';
import { cancelOutcome } from './cancel-outcome.ts';

const appointment = { service: 'Haircut', start: '2026-12-01T10:00:00Z', cancellable: true };
const notSent = { isSuccess: false, error: null };

describe('cancelOutcome', () => {
  it('says nothing while loading, nor while the question is asked', () => {
    expect(cancelOutcome({ error: null }, notSent)).toBeNull();
    expect(cancelOutcome({ data: appointment, error: null }, notSent)).toBeNull();
  });

  it('says the appointment is cancelled once the cancellation succeeded', () => {
    expect(cancelOutcome({ data: appointment, error: null }, { isSuccess: true, error: null })).toBe(onlineBookingTexts.cancelled);
  });

  it('asks to call the salon within the cancel hours, whether known on loading or on sending', () => {
    expect(cancelOutcome({ data: { ...appointment, cancellable: false }, error: null }, notSent)).toBe(onlineBookingTexts.tooLate);
    const refused = new ApiError(409, onlineBookingTexts.tooLate);
    expect(cancelOutcome({ data: appointment, error: null }, { isSuccess: false, error: refused })).toBe(onlineBookingTexts.tooLate);
  });

  it('says the link is no longer valid on a 404, on loading or on sending', () => {
    const gone = new ApiError(404, onlineBookingTexts.linkInvalid);
    expect(cancelOutcome({ error: gone }, notSent)).toBe(onlineBookingTexts.linkInvalid);
    expect(cancelOutcome({ data: appointment, error: null }, { isSuccess: false, error: gone })).toBe(onlineBookingTexts.linkInvalid);
  });

  it('asks to try again on another failure', () => {
    expect(cancelOutcome({ error: new ApiError(500, 'Internal') }, notSent)).toBe('Your appointment could not be loaded. Try again.');
  });
});
