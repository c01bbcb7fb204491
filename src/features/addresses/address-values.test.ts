import { describe, expect, it } from 'vitest';
import { placeFill } from './address-values';

const AGARTALA = { city: 'Agartala', state: 'Tripura' };
const NONE = { city: '', state: '' };

describe('placeFill', () => {
  it('fills empty city and state from the pincode', () => {
    expect(placeFill(NONE, AGARTALA, NONE)).toEqual(AGARTALA);
    expect(placeFill({ city: '  ', state: '' }, AGARTALA, NONE)).toEqual(AGARTALA);
  });

  it('never replaces what the shopper typed, but replaces its own earlier fill', () => {
    expect(placeFill({ city: 'Agartala Town', state: '' }, AGARTALA, NONE)).toEqual({ state: 'Tripura' });
    const bengaluru = { city: 'Bengaluru', state: 'Karnataka' };
    expect(placeFill({ city: 'Agartala Town', state: 'Tripura' }, bengaluru, AGARTALA)).toEqual({ state: 'Karnataka' });
    expect(placeFill(AGARTALA, bengaluru, AGARTALA)).toEqual(bengaluru);
  });

  it('fills nothing from a place without a name', () => {
    expect(placeFill(NONE, NONE, NONE)).toEqual({});
  });
});
