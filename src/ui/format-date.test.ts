import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRecent } from './format-date';

describe('one date format', () => {
  const afternoon = Date.UTC(2026, 0, 15, 14, 5, 9); // London is on UTC in January

  it('writes dates day, short month, year and times on the 24-hour clock', () => {
    expect(formatDate(afternoon)).toBe('15 Jan 2026');
    expect(formatDateTime(afternoon)).toBe('15 Jan 2026, 14:05');
    expect(formatDateTime(afternoon, 'de')).toMatch(/14:05/);
  });

  it('uses the shop time zone: half past midnight in a British summer is the next day', () => {
    expect(formatDate(Date.UTC(2026, 6, 1, 23, 30))).toBe('2 Jul 2026');
  });

  it('shows the time alone for today and the date and time before', () => {
    expect(formatRecent(afternoon, 'en', afternoon + 60_000)).toBe('14:05:09');
    expect(formatRecent(afternoon, 'en', afternoon + 86_400_000)).toBe('15 Jan 2026, 14:05');
  });
});
