/**
 * The lazily loaded route modules of the signed-in app, in one place: `routes.tsx` renders them, and the
 * login page starts fetching the ones the player lands on (main layout, lotto 59) while the form is filled,
 * so the first screen after login does not wait for its code.
 */
export const routeModules = {
  mainLayout: () => import('./layout/main-layout'),
  lotto59: () => import('./routes/lotto59/game'),
};

/** Fetches the code of the after-login landing page in the background (errors are left to the real load). */
export function preloadAfterLogin(): void {
  void routeModules.mainLayout().catch(() => undefined);
  void routeModules.lotto59().catch(() => undefined);
}
