import { describe, expect, it } from 'vitest';
import { FAVOURITES_MAX, normaliseFavourites } from './favourites';

describe('favourite numbers', () => {
  it('keeps lotto 59 balls 1–59, without leading zeros or duplicates, in order', () => {
    expect(normaliseFavourites('LOTTO59', ['59', '07', '7', '1'])).toEqual(['1', '7', '59']);
    expect(normaliseFavourites('LOTTO59', ['0'])).toBeNull();
    expect(normaliseFavourites('LOTTO59', ['60'])).toBeNull();
    expect(normaliseFavourites('LOTTO59', ['1.5'])).toBeNull();
  });

  it('keeps 2D numbers as 00–99 and 3D numbers as 000–999, leading zeros included', () => {
    expect(normaliseFavourites('LOTTERY_2D', ['99', '00', '07'])).toEqual(['00', '07', '99']);
    expect(normaliseFavourites('LOTTERY_2D', ['7'])).toBeNull();
    expect(normaliseFavourites('LOTTERY_2D', ['100'])).toBeNull();
    expect(normaliseFavourites('LOTTERY_3D', ['000', '999', '042'])).toEqual(['000', '042', '999']);
    expect(normaliseFavourites('LOTTERY_3D', ['42'])).toBeNull();
  });

  it(`refuses more than ${FAVOURITES_MAX} numbers, counting each once`, () => {
    const twenty = Array.from({ length: FAVOURITES_MAX }, (_, i) => String(i + 1));
    expect(normaliseFavourites('LOTTO59', twenty)).toHaveLength(FAVOURITES_MAX);
    expect(normaliseFavourites('LOTTO59', [...twenty, '1'])).toHaveLength(FAVOURITES_MAX);
    expect(normaliseFavourites('LOTTO59', [...twenty, '21'])).toBeNull();
  });
});
