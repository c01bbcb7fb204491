import { describe, expect, it } from 'vitest';
import { calendarDateIn, clockIn, dateIn, dateTimeIn, timeIn } from './dates';

// 27 November 2026, 16:35 in India (11:05 UTC).
const AT = Date.UTC(2026, 10, 27, 11, 5);

describe('dates in a language', () => {
  it('keep the English words', () => {
    expect(dateIn('en', AT)).toBe('Nov 27, 2026');
    expect(timeIn('en', AT)).toBe('4:35 PM');
    expect(dateTimeIn('en', AT)).toBe('Nov 27, 2026 4:35 PM');
    expect(calendarDateIn('en', '1990-05-01')).toBe('May 1, 1990');
    expect(clockIn('en', '18:30')).toBe('6:30 PM');
  });

  it("write Hindi months and the part of the day, in India's time", () => {
    expect(dateIn('hi', AT)).toBe('27 नवम्बर 2026');
    expect(timeIn('hi', AT)).toBe('शाम 4:35');
    expect(dateTimeIn('hi', AT)).toBe('27 नवम्बर 2026, शाम 4:35');
    expect(dateIn('hi', Date.UTC(2026, 10, 27, 19, 0))).toBe('28 नवम्बर 2026');
    expect(calendarDateIn('hi', '1990-05-01')).toBe('1 मई 1990');
    expect(clockIn('hi', '07:00')).toBe('सुबह 7:00');
    expect(clockIn('hi', '13:15')).toBe('दोपहर 1:15');
    expect(clockIn('hi', '18:30')).toBe('शाम 6:30');
    expect(clockIn('hi', '21:00')).toBe('रात 9:00');
  });
});
