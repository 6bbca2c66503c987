import { Suspense } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { LoadingScreen } from '@/components/screens/loading-screen';
import { MaintenanceScreen } from '@/components/screens/maintenance-screen';
import { AFTER_LOGIN_HREF, paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { lazyPage } from '@/lib/lazy-page';
import { AppStart, RequireSignedIn, RequireSignedOut } from './guards';
import { routeModules } from './route-modules';
import { RouteErrorBoundary } from './route-error-boundary';
import { LoginRoute as Login } from './routes/auth/login';
import { ScreenViews } from './screen-views';

// Route modules load on first visit (seed §8: a chunk that does not arrive in 120 s fails). The signed-in
// layout too: the login page does not need it. The login page itself is the one screen in the start-up bundle:
// it is every new player's first screen, and loading it after the app started cost a 3G round trip (about
// 0.6 s) for 3 kB (docs/decisions/0018-web-fast-first-open.md).
const MainLayout = lazyPage(() => routeModules.mainLayout().then((m) => m.MainLayout));
const Landing = lazyPage(() => import('./routes/landing').then((m) => m.LandingRoute));
// Reached only at /404 itself (unknown paths lead to lotto 59): kept out of the start-up bundle.
const NotFound = lazyPage(() =>
  import('@/components/screens/not-found-screen').then((m) => m.NotFoundScreen),
);
const Logout = lazyPage(() => import('./routes/auth/logout').then((m) => m.LogoutRoute));
const Games = lazyPage(() => import('./routes/app/games').then((m) => m.GamesRoute));
// `/user/password` and `/user/notifications`: one route and one chunk, so the opt-in of issue 26 adds no
// route to the start-up bundle (its `/login` budget had no room for one).
const Account = lazyPage(() => import('./routes/app/account').then((m) => m.AccountRoute));
const Limits = lazyPage(() => import('./routes/app/limits').then((m) => m.LimitsRoute));
// Only the reality check's dialog is lazy: its layout is here, so no page waits for a chunk to reach its
// own (a lazy layout put one more 3G round trip before every board, issue 26).
const RealityCheck = lazyPage(() => import('./routes/app/reality-check').then((m) => m.RealityCheckOverlay));
const Deposits = lazyPage(() => import('./routes/app/transactions').then((m) => m.DepositHistoryRoute));
const Withdrawals = lazyPage(() => import('./routes/app/transactions').then((m) => m.WithdrawHistoryRoute));
const Statement = lazyPage(() => import('./routes/app/statement').then((m) => m.StatementRoute));
const Lotto59 = lazyPage(() => routeModules.lotto59().then((m) => m.Lotto59Route));
const Lotto59Rules = lazyPage(() => import('./routes/lotto59/rules').then((m) => m.Lotto59RulesRoute));
const Lotto59Tickets = lazyPage(() => import('./routes/lotto59/tickets').then((m) => m.Lotto59TicketsRoute));
const Lotto59Report = lazyPage(() => import('./routes/lotto59/report').then((m) => m.Lotto59ReportRoute));
const slots = () => import('./routes/providers/slots');
const SlotList = lazyPage(() => slots().then((m) => m.SlotListRoute));
const SlotPlay = lazyPage(() => slots().then((m) => m.SlotPlayRoute));
const casino = () => import('./routes/providers/casino');
const Casino = lazyPage(() => casino().then((m) => m.CasinoRoute));
const CasinoReport = lazyPage(() => casino().then((m) => m.CasinoReportRoute));
const sport = () => import('./routes/providers/sport');
const Sport = lazyPage(() => sport().then((m) => m.SportRoute));
const SportReport = lazyPage(() => sport().then((m) => m.SportReportRoute));
const fishing = () => import('./routes/providers/fishing');
const Fishing = lazyPage(() => fishing().then((m) => m.FishingRoute));
const FishingPlay = lazyPage(() => fishing().then((m) => m.FishingPlayRoute));
const FishingReport = lazyPage(() => fishing().then((m) => m.FishingReportRoute));
const lottery = () => import('./routes/lottery/lottery');
const LotteryHome = lazyPage(() => lottery().then((m) => m.LotteryHomeRoute));
const LotteryTimeout = lazyPage(() => lottery().then((m) => m.LotteryTimeoutRoute));
const LotteryBet = lazyPage(() => lottery().then((m) => m.LotteryBetRoute));
const LotteryTicket = lazyPage(() => lottery().then((m) => m.LotteryTicketRoute));
const LotteryResult = lazyPage(() => lottery().then((m) => m.LotteryResultRoute));
const LotteryReportTab = lazyPage(() => lottery().then((m) => m.LotteryReportTabRoute));
const LotteryReport = lazyPage(() => lottery().then((m) => m.LotteryReportRoute));
const LotteryTickets = lazyPage(() => lottery().then((m) => m.LotteryTicketsRoute));

/** Seed §2, §6: these exist only when the player's lottery flag is on. */
const LOTTERY_ROUTES = [
  { path: paths.lottery.home.path, element: <LotteryHome /> },
  { path: paths.lottery.timeout.path, element: <LotteryTimeout /> },
  { path: paths.lottery.result.path, element: <LotteryResult /> },
  { path: paths.lottery.report.path, element: <LotteryReportTab /> },
  { path: paths.lottery.ticket.path, element: <LotteryTicket /> },
  { path: paths.lottery.bet.path, element: <LotteryBet /> },
  { path: paths.report.lottery.path, element: <LotteryReport /> },
  { path: paths.ticket.lottery.path, element: <LotteryTickets /> },
];

/** Every signed-in page and game, the full-screen fishing game included, with the reality check over it. */
function RealityCheckLayout() {
  return (
    <>
      <Outlet />
      {/* Its own Suspense: the page shows while the dialog's code arrives. */}
      <Suspense fallback={null}>
        <RealityCheck />
      </Suspense>
    </>
  );
}

/** Every route of seed §2, with the guards of §4 and §6. */
export function AppRoutes() {
  const { data: user } = useUser();
  return (
    <>
      <ScreenViews />
      <RouteErrorBoundary>
        <Suspense fallback={<LoadingScreen />}>
          <Routes>
            <Route element={<AppStart />}>
              <Route path={paths.home.path} element={<Landing />} />
              <Route path={paths.maintenance.path} element={<MaintenanceScreen />} />
              <Route path={paths.notFound.path} element={<NotFound />} />
              <Route element={<RequireSignedOut />}>
                <Route path={paths.auth.login.path} element={<Login />} />
              </Route>
              <Route element={<RequireSignedIn />}>
                <Route path={paths.auth.logout.path} element={<Logout />} />
                {/* Responsible gaming's reality check over every signed-in page and game (spec §5). */}
                <Route element={<RealityCheckLayout />}>
                  <Route path={paths.game.lotto.path} element={<Navigate to={AFTER_LOGIN_HREF} replace />} />
                  {/* Seed §2: the fishing play screen is full screen, without menu or top bar. */}
                  <Route path={paths.game.fishingPlay.path} element={<FishingPlay />} />
                  <Route element={<MainLayout />}>
                    <Route path={paths.game.lotto59.path} element={<Lotto59 />} />
                    <Route path={paths.game.lotto59Rules.path} element={<Lotto59Rules />} />
                    <Route path={paths.games.path} element={<Games />} />
                    <Route path={paths.game.sport.path} element={<Sport />} />
                    <Route path={paths.game.slot.path} element={<SlotList />} />
                    <Route path={paths.game.slotPlay.path} element={<SlotPlay />} />
                    <Route path={paths.game.casino.path} element={<Casino />} />
                    <Route path={paths.game.fishing.path} element={<Fishing />} />
                    <Route path={paths.ticket.lotto59.path} element={<Lotto59Tickets />} />
                    <Route path={paths.report.lotto59.path} element={<Lotto59Report />} />
                    <Route path={paths.report.casino.path} element={<CasinoReport />} />
                    <Route path={paths.report.sport.path} element={<SportReport />} />
                    <Route path={paths.report.fishing.path} element={<FishingReport />} />
                    <Route path={paths.user.section} element={<Account />} />
                    <Route path={paths.user.limits.path} element={<Limits />} />
                    <Route path={paths.transaction.deposit.path} element={<Deposits />} />
                    <Route path={paths.transaction.withdraw.path} element={<Withdrawals />} />
                    <Route path={paths.transaction.statement.path} element={<Statement />} />
                    {user?.enableLottery &&
                      LOTTERY_ROUTES.map(({ path, element }) => (
                        <Route key={path} path={path} element={element} />
                      ))}
                  </Route>
                </Route>
                {/* Seed §2: any unknown path leads to the after-login page. */}
                <Route path="*" element={<Navigate to={AFTER_LOGIN_HREF} replace />} />
              </Route>
            </Route>
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}
