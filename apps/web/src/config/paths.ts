/**
 * The one route table (seed §2). Components never write a path literal: they use `path` for route definitions
 * and `getHref()` for links and redirects.
 */
const fixed = <P extends string>(path: P) => ({ path, getHref: (): P => path });

/** A route whose last segment is optional, like `/game/slot/play/:id?`. */
const withOptionalId = <B extends string>(base: B) => ({
  path: `${base}/:id?` as const,
  getHref: (id?: string | number): string => (id === undefined ? base : `${base}/${encodeURIComponent(id)}`),
});

export const paths = {
  home: fixed('/'),
  maintenance: fixed('/maintenance'),
  /** Seed §2: a 404 page exists, its path is not shown; ours is public. */
  notFound: fixed('/404'),
  auth: {
    login: fixed('/login'),
    logout: fixed('/logout'),
  },
  /**
   * Not a seed route (issue 26, item 2): every product the player may use as tiles, one more menu entry, so
   * that slots (no seed menu entry) and the lottery can be found. Outside `/game/`: it is not a game page.
   */
  games: fixed('/games'),
  game: {
    /** Redirects (replace) to `lotto59`. */
    lotto: fixed('/lotto'),
    lotto59: fixed('/game/lotto/59'),
    /** The game rules, reachable from the board (issue 5). */
    lotto59Rules: fixed('/game/lotto/59/rules'),
    sport: fixed('/game/sport'),
    casino: fixed('/game/casino'),
    slot: fixed('/game/slot'),
    slotPlay: withOptionalId('/game/slot/play'),
    fishing: fixed('/game/fishing'),
    fishingPlay: withOptionalId('/game/fishing/play'),
  },
  /** Exist only when the account's `enableLottery` flag is on. */
  lottery: {
    home: fixed('/game/lottery'),
    timeout: fixed('/game/lottery/timeout'),
    result: fixed('/game/lottery/result'),
    report: fixed('/game/lottery/report'),
    ticket: fixed('/game/lottery/ticket'),
    bet: {
      path: '/game/lottery/bet/:type?',
      getHref: (type?: string): string =>
        type === undefined
          ? '/game/lottery/bet'
          : `/game/lottery/bet/${encodeURIComponent(type.toLowerCase())}`,
    },
  },
  user: {
    password: fixed('/user/password'),
    /**
     * The one route of the account pages (app/routes/app/account.tsx): `password` (seed §2) and
     * `notifications` (issue 26, its href made by the menu: the start-up bundle had no room for another entry).
     */
    section: '/user/:section',
    /** Responsible gaming: limits, breaks, self-exclusion, reality checks (responsible-gaming.md §5). */
    limits: fixed('/user/limits'),
  },
  report: {
    lotto59: fixed('/report/lotto/59'),
    lottery: fixed('/report/lottery'),
    sport: fixed('/report/sport'),
    casino: fixed('/report/casino'),
    fishing: fixed('/report/fishing'),
  },
  ticket: {
    /** The list (`?type=&from=&to=&round=&page=`) or one ticket. */
    lotto59: withOptionalId('/ticket/lotto59'),
    lottery: fixed('/ticket/lottery'),
  },
  transaction: {
    deposit: fixed('/transaction/deposit'),
    withdraw: fixed('/transaction/withdraw'),
    /** Not a seed route (issue 25): every movement of the player's money, across every product. */
    statement: fixed('/transaction/statement'),
  },
} as const;

/** Seed §1: lotto 59 is the landing page after login, and where unknown paths lead. */
export const AFTER_LOGIN_HREF = paths.game.lotto59.getHref();
