import type { GameApiError } from '../../../src/api/game-api';

/*
 * Every word the two pages show, Khmer first (seed §1: Khmer is the product's language, English second).
 * One table for both games: it is small, and the shared panels (fairness, errors) use most of it.
 */

const KM = {
  slotTitle: 'សំណាងអង្គរ',
  // The name the operator's web app gives the table (the frame's title, the casino report): one game, one name.
  baccaratTitle: 'បាការ៉ា',
  balance: 'សមតុល្យ',
  loading: 'កំពុងផ្ទុក…',
  spin: 'បង្វិល',
  spinning: 'កំពុងបង្វិល…',
  lineBet: 'ភ្នាល់មួយខ្សែ',
  lineBetDown: 'បន្ថយការភ្នាល់',
  lineBetUp: 'បង្កើនការភ្នាល់',
  totalBet: 'ភ្នាល់សរុប',
  win: 'ឈ្នះ',
  noWin: 'មិនឈ្នះទេ — សាកម្ដងទៀត',
  line: 'ខ្សែ',
  scatter: 'ផ្កាឈូក',
  wild: 'ប្រាសាទ (ជំនួស)',
  paytable: 'តារាងប្រាក់រង្វាន់',
  rules: 'ច្បាប់លេង',
  rtp: 'អត្រាសងត្រឡប់ (RTP)',
  close: 'បិទ',
  sound: 'សំឡេង',
  soundOn: 'បើកសំឡេង',
  soundOff: 'បិទសំឡេង',
  fairness: 'យុត្តិធម៌',
  fairTitle: 'ផ្ទៀងផ្ទាត់យុត្តិធម៌',
  serverSeedHash: 'Hash នៃគ្រាប់ពូជម៉ាស៊ីនមេ (SHA-256)',
  clientSeed: 'គ្រាប់ពូជរបស់អ្នក',
  clientSeedHelp: 'អក្សរ A–Z a–z 0–9 _ - ចំនួន 1 ដល់ 64',
  clientSeedBad: 'គ្រាប់ពូជមិនត្រឹមត្រូវ៖ អក្សរ A–Z a–z 0–9 _ - ចំនួន 1 ដល់ 64',
  save: 'រក្សាទុក',
  saved: 'បានរក្សាទុក',
  nonce: 'លេខជុំបន្ទាប់ (nonce)',
  rotate: 'ប្ដូរគ្រាប់ពូជ ហើយបង្ហាញគ្រាប់ពូជចាស់',
  revealed: 'គ្រាប់ពូជចាស់ដែលបានបង្ហាញ',
  pastRounds: 'ជុំមុនៗ',
  noRounds: 'មិនទាន់មានជុំនៅឡើយ',
  verify: 'ផ្ទៀងផ្ទាត់',
  match: 'ត្រូវគ្នា ✓',
  mismatch: 'មិនត្រូវគ្នា ✗',
  pending: 'ប្ដូរគ្រាប់ពូជជាមុនសិន ដើម្បីផ្ទៀងផ្ទាត់ជុំនេះ',
  hashCheck: 'SHA-256(គ្រាប់ពូជ) = តម្លៃហាសដែលបានបង្ហាញមុនលេង',
  derived: 'គណនាឡើងវិញក្នុងកម្មវិធីរុករក',
  recorded: 'លទ្ធផលដែលបានកត់ត្រា',
  fairExplain:
    'លទ្ធផលនីមួយៗគឺ HMAC-SHA256(គ្រាប់ពូជម៉ាស៊ីនមេ, "គ្រាប់ពូជរបស់អ្នក:nonce:i")។ យើងបង្ហាញតម្លៃហាសមុនលេង ហើយបង្ហាញគ្រាប់ពូជពេលប្ដូរ។',
  reopen: 'វគ្គលេងបានផុតកំណត់។ សូមបិទ ហើយបើកហ្គេមម្ដងទៀត។',
  deal: 'ចែកបៀ',
  dealing: 'កំពុងចែកបៀ…',
  clear: 'សម្អាត',
  rebet: 'ភ្នាល់ដដែល',
  chips: 'ឈីប',
  chip: 'ឈីប',
  player: 'អ្នកលេង',
  banker: 'ធនាគារ',
  tie: 'ស្មើ',
  playerPair: 'គូអ្នកលេង',
  bankerPair: 'គូធនាគារ',
  playerWins: 'អ្នកលេងឈ្នះ',
  bankerWins: 'ធនាគារឈ្នះ',
  tieResult: 'ស្មើគ្នា',
  yourBets: 'ការភ្នាល់របស់អ្នក',
  pays: 'សង',
  limits: 'កំណត់ភ្នាល់',
  payout: 'ប្រាក់សង',
  beadPlate: 'តារាងលទ្ធផល',
  drawingTable: 'តារាងដកបៀទីបី',
  bankerTotal: 'ពិន្ទុធនាគារ',
  playerThird: 'បៀទីបីរបស់អ្នកលេង',
  stands: 'ឈរ',
  draws: 'ដក',
  noThird: 'គ្មាន',
  overMax: 'លើសកំណត់',
  placeBet: 'សូមដាក់ឈីបលើកន្លែងភ្នាល់',
  shoe: 'ស្បោងបៀ 8 ហ៊ូ ថ្មីរាល់ជុំ',
  cardValues: 'A = 1, 2–9 តាមលេខ, 10/J/Q/K = 0 ។ ពិន្ទុ = ផលបូក mod 10 ។',
  natural: '8 ឬ 9 លើបៀពីរសន្លឹក៖ ទាំងពីរឈរ។ អ្នកលេងដកលើ 0–5 ឈរលើ 6–7 ។',
  betKinds: 'ការភ្នាល់',
  minMax: 'តិចបំផុត – ច្រើនបំផុត',
  perRound: 'ការភ្នាល់ក្នុងមួយជុំ',
  tieReturns: 'សងប្រាក់ដើមវិញពេលស្មើ',
  fishingTitle: 'នាគសមុទ្រ',
  cannon: 'កាំភ្លើង',
  cannonDown: 'បន្ថយកម្រិតកាំភ្លើង',
  cannonUp: 'បង្កើនកម្រិតកាំភ្លើង',
  perShot: 'ក្នុងមួយគ្រាប់',
  bullets: 'គ្រាប់',
  tapToShoot: 'ប៉ះត្រីដើម្បីបាញ់',
  caught: 'ចាប់បាន',
  fishRules: 'ត្រីនីមួយៗមានប្រាក់រង្វាន់ × តម្លៃគ្រាប់។ ឱកាសចាប់ = 96 % ÷ មេគុណ ដូច្នេះ RTP 96 % សម្រាប់គ្រប់ត្រី។',
  dragon: 'នាគ × 100 ដល់ 300',
} as const;

export type TextKey = keyof typeof KM;

const EN: Record<TextKey, string> = {
  slotTitle: 'Angkor Fortune',
  baccaratTitle: 'Baccarat',
  balance: 'Balance',
  loading: 'Loading…',
  spin: 'Spin',
  spinning: 'Spinning…',
  lineBet: 'Line bet',
  lineBetDown: 'Lower the bet',
  lineBetUp: 'Raise the bet',
  totalBet: 'Total bet',
  win: 'Win',
  noWin: 'No win — try again',
  line: 'Line',
  scatter: 'Lotus',
  wild: 'Temple (wild)',
  paytable: 'Paytable',
  rules: 'Rules',
  rtp: 'Return to player (RTP)',
  close: 'Close',
  sound: 'Sound',
  soundOn: 'Sound on',
  soundOff: 'Sound off',
  fairness: 'Fairness',
  fairTitle: 'Provably fair',
  serverSeedHash: 'Server seed hash (SHA-256)',
  clientSeed: 'Your client seed',
  clientSeedHelp: '1 to 64 of A–Z a–z 0–9 _ -',
  clientSeedBad: 'Invalid seed: 1 to 64 of A–Z a–z 0–9 _ -',
  save: 'Save',
  saved: 'Saved',
  nonce: 'Next nonce',
  rotate: 'Rotate the seed and reveal the old one',
  revealed: 'Revealed old seed',
  pastRounds: 'Past rounds',
  noRounds: 'No rounds yet',
  verify: 'Verify',
  match: 'Match ✓',
  mismatch: 'Mismatch ✗',
  pending: 'Rotate the seed first to verify this round',
  hashCheck: 'SHA-256(seed) = the hash shown before play',
  derived: 'Re-derived in your browser',
  recorded: 'Recorded result',
  fairExplain:
    'Each result is HMAC-SHA256(server seed, "client seed:nonce:i"). The hash is shown before play and the seed is revealed when you rotate.',
  reopen: 'Your game session has ended. Please close and reopen the game.',
  deal: 'Deal',
  dealing: 'Dealing…',
  clear: 'Clear',
  rebet: 'Rebet',
  chips: 'Chips',
  chip: 'Chip',
  player: 'Player',
  banker: 'Banker',
  tie: 'Tie',
  playerPair: 'Player pair',
  bankerPair: 'Banker pair',
  playerWins: 'Player wins',
  bankerWins: 'Banker wins',
  tieResult: 'Tie',
  yourBets: 'Your bets',
  pays: 'pays',
  limits: 'Limits',
  payout: 'Payout',
  beadPlate: 'Bead plate',
  drawingTable: 'Third-card table',
  bankerTotal: 'Banker total',
  playerThird: "Player's third card",
  stands: 'Stand',
  draws: 'Draw',
  noThird: 'None',
  overMax: 'Over the limit',
  placeBet: 'Place a chip on a bet spot',
  shoe: 'A fresh 8-deck shoe every round',
  cardValues: 'A = 1, 2–9 face value, 10/J/Q/K = 0. A hand is its total mod 10.',
  natural: '8 or 9 on two cards: both stand. Player draws on 0–5, stands on 6–7.',
  betKinds: 'Bets',
  minMax: 'Min – max',
  perRound: 'Bets per round',
  tieReturns: 'stake back on a tie',
  fishingTitle: 'Ocean Dragon',
  cannon: 'Cannon',
  cannonDown: 'Lower the cannon',
  cannonUp: 'Raise the cannon',
  perShot: 'per shot',
  bullets: 'bullets',
  tapToShoot: 'Tap a fish to shoot',
  caught: 'Caught',
  fishRules:
    'Each fish pays its multiplier × the shot. Capture chance = 96 % ÷ multiplier, so every fish returns 96 %.',
  dragon: 'Dragon × 100 to 300',
};

/**
 * The player's refusals, in their language (GameApiError.code), NETWORK for a request that got no answer or an
 * answer without a code, and INVALID_REQUEST, which the studio's server adds (named here too, so this table
 * compiles both before and after that addition).
 */
export type ErrorCode = GameApiError['code'] | 'INVALID_REQUEST' | 'NETWORK';

const ERRORS: Record<ErrorCode, { km: string; en: string }> = {
  INVALID_SESSION: { km: KM.reopen, en: EN.reopen },
  SESSION_EXPIRED: { km: KM.reopen, en: EN.reopen },
  INVALID_BET: { km: 'ការភ្នាល់មិនត្រឹមត្រូវ។', en: 'That bet is not allowed.' },
  INVALID_REQUEST: {
    km: 'ហ្គេមមិនយល់សំណើនេះទេ។ សូមបើកហ្គេមម្ដងទៀត។',
    en: 'The game did not understand that request. Please reopen the game.',
  },
  NOT_ENOUGH_MONEY: { km: 'សមតុល្យមិនគ្រប់គ្រាន់។', en: 'Not enough balance.' },
  LIMIT_REACHED: { km: 'អ្នកបានដល់កំណត់ភ្នាល់ហើយ។', en: 'You have reached your betting limit.' },
  USER_DISABLED: { km: 'គណនីរបស់អ្នកត្រូវបានបិទ។', en: 'Your account is disabled.' },
  WALLET_UNAVAILABLE: {
    km: 'កាបូបប្រាក់មិនអាចប្រើបានឥឡូវនេះ។ ប្រាក់របស់អ្នកមិនបានផ្លាស់ប្ដូរទេ។',
    en: 'The wallet is unavailable right now. Your money did not change.',
  },
  FISH_NOT_THERE: { km: 'ត្រីនោះបាត់ហើយ។ មិនបានគិតប្រាក់ទេ។', en: 'That fish is gone. Nothing was charged.' },
  NETWORK: {
    km: 'បញ្ហាតភ្ជាប់។ សូមពិនិត្យសមតុល្យ ហើយសាកម្ដងទៀត។',
    en: 'Connection problem. Check your balance and try again.',
  },
};

export type Lang = 'km' | 'en';

export interface I18n {
  lang: Lang;
  t(key: TextKey): string;
  error(code: ErrorCode): string;
}

export function i18n(lang: Lang): I18n {
  return {
    lang,
    t: (key) => (lang === 'km' ? KM[key] : EN[key]),
    error: (code) => ERRORS[code][lang],
  };
}

/** Whole riel with thousands separators and the riel sign (seed §2: 1,000,000 ៛), in both languages. */
export function riel(amount: number): string {
  return `${Math.trunc(amount).toLocaleString('en-US')} ៛`;
}

/** A number with thousands separators, without the sign (a chip face). */
export function thousands(value: number): string {
  return value.toLocaleString('en-US');
}
