import { describe, expect, it } from 'vitest';
import { contrastRatio, contrastWarnings, DEFAULT_COLOURS, parseColour } from './contrast';

describe('the theme contrast check', () => {
  it('reads hex, rgb(), hsl() and colour names', () => {
    expect(parseColour('#fff')).toEqual([255, 255, 255]);
    expect(parseColour('#15803D')).toEqual([21, 128, 61]);
    expect(parseColour('#15803dcc')).toEqual([21, 128, 61]);
    expect(parseColour('rgb(10, 20, 30)')).toEqual([10, 20, 30]);
    expect(parseColour('rgb(100% 0% 0%)')).toEqual([255, 0, 0]);
    expect(parseColour('hsl(0, 0%, 100%)')!.map(Math.round)).toEqual([255, 255, 255]);
    expect(parseColour('White')).toEqual([255, 255, 255]);
    expect(parseColour('oklch(0.5 0.1 120)')).toBeNull();
  });

  it('computes the WCAG ratio: 21:1 for black on white, 1:1 for a colour on itself, either order', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777', '#777')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#15803d', '#ffffff')).toBeCloseTo(5.02, 2);
    expect(contrastRatio('nonsense', '#fff')).toBeNull();
  });

  it('warns of no pair in the default theme', () => {
    expect(contrastWarnings({})).toEqual([]);
    expect(contrastWarnings(DEFAULT_COLOURS)).toEqual([]);
  });

  it('names the pair and its ratio when text is under 4.5:1, rounding down', () => {
    const warnings = contrastWarnings({ primary: '#fbbf24', 'primary-foreground': '#ffffff' });
    expect(warnings.map((w) => [w.text, w.background, w.ratio])).toEqual([
      ['primary-foreground', 'primary', 1.66],
      ['primary', 'background', 1.66],
    ]);
    expect(warnings[0]!.message).toBe('primary-foreground on primary is 1.66:1, under 4.5:1: some shoppers will struggle to read it');
    // 4.48:1 is under, however close.
    expect(contrastWarnings({ 'muted-foreground': '#777777', muted: '#ffffff', background: '#ffffff' }).map((w) => w.ratio)).toEqual([4.47, 4.47]);
  });

  it('gives no warning for a colour it cannot read', () => {
    expect(contrastWarnings({ primary: 'oklch(0.9 0.1 90)' }).filter((w) => w.background === 'primary' || w.text === 'primary')).toEqual([]);
  });
});
