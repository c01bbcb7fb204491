import { describe, expect, it } from 'vitest';
import { acceptedLocale } from './language';

describe('the language a call asks for', () => {
  it("is the first of the shop's languages by preference, else English", () => {
    expect(acceptedLocale(undefined)).toBe('en');
    expect(acceptedLocale('')).toBe('en');
    expect(acceptedLocale('hi-IN')).toBe('hi');
    expect(acceptedLocale('en-IN')).toBe('en');
    expect(acceptedLocale('fr-FR,hi;q=0.8,en;q=0.5')).toBe('hi');
    expect(acceptedLocale('en;q=0.4, hi;q=0.9')).toBe('hi');
    expect(acceptedLocale('ta-IN,ml')).toBe('en');
    expect(acceptedLocale('hi;q=0')).toBe('en');
    expect(acceptedLocale('HI')).toBe('hi');
  });
});
