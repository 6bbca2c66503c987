/*
 * Demo League's clubs and model constants (providers.md §7.4) as configuration data. Ratings and the home/away
 * goal rates are kept in hundredths so that λ is an exact integer of millionths (1.44 × 1.25 × 1.10 is 1.98, not
 * the float 1.9799999999999998), which the fixture commitment publishes.
 */

export interface Club {
  readonly code: string;
  readonly name: string;
  /** Attack and defence ratings in hundredths (0.75–1.30 → 75–130). */
  readonly attack: number;
  readonly defence: number;
}

export const DEMO_LEAGUE_CLUBS: readonly Club[] = [
  { code: 'MEK', name: 'Mekong Tigers', attack: 125, defence: 80 },
  { code: 'TSS', name: 'Tonle Sap Sharks', attack: 120, defence: 85 },
  { code: 'ANG', name: 'Angkor Lions', attack: 115, defence: 90 },
  { code: 'BOK', name: 'Bokor Eagles', attack: 115, defence: 85 },
  { code: 'KAM', name: 'Kampot Pepper', attack: 95, defence: 105 },
  { code: 'KEP', name: 'Kep Crabs', attack: 85, defence: 115 },
  { code: 'RAT', name: 'Ratanak Stars', attack: 80, defence: 120 },
  { code: 'KKD', name: 'Koh Kong Dolphins', attack: 90, defence: 110 },
];

/** Goals per game at home and away in hundredths (La Liga 2019–20: 1.44 and 1.04). */
export const HOME_GOAL_RATE = 144;
export const AWAY_GOAL_RATE = 104;

/** Expected goals in millionths: λ_home = 1.44 × att_home × def_away, λ_away = 1.04 × att_away × def_home. */
export function expectedGoalsMillionths(home: Club, away: Club): { home: number; away: number } {
  return {
    home: HOME_GOAL_RATE * home.attack * away.defence,
    away: AWAY_GOAL_RATE * away.attack * home.defence,
  };
}

export function clubByCode(code: string, clubs: readonly Club[] = DEMO_LEAGUE_CLUBS): Club | undefined {
  return clubs.find((club) => club.code === code);
}
