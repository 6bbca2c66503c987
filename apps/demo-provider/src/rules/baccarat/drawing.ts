/*
 * Punto banco's drawing rules (providers.md §7.2), on hand values 0..9. They are the whole of the game's "play":
 * neither side has a choice, so these three functions decide every coup.
 */

/** 8 or 9 on the first two cards: both hands stand. */
export function isNatural(twoCardValue: number): boolean {
  return twoCardValue >= 8;
}

/** The Player draws on 0–5 and stands on 6–7 (naturals are settled before). */
export function playerDraws(playerValue: number): boolean {
  return playerValue <= 5;
}

/**
 * The Banker's third card. If the Player stood (no third card) the Banker draws on 0–5. If the Player drew p3
 * (its value): 0–2 always; 3 unless p3 = 8; 4 if p3 is 2–7; 5 if 4–7; 6 if 6–7; never on 7.
 */
export function bankerDraws(bankerValue: number, playerThirdValue: number | null): boolean {
  if (playerThirdValue === null) return bankerValue <= 5;
  const p3 = playerThirdValue;
  switch (bankerValue) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return p3 !== 8;
    case 4:
      return p3 >= 2 && p3 <= 7;
    case 5:
      return p3 >= 4 && p3 <= 7;
    case 6:
      return p3 >= 6 && p3 <= 7;
    default:
      return false;
  }
}
