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
  },
} as const;

/** Seed §1: lotto 59 is the landing page after login, and where unknown paths lead. */
export const AFTER_LOGIN_HREF = paths.game.lotto59.getHref();
