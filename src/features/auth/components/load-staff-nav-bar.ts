/**
 * Loads the logged-in navigation bar (staff-nav-bar.tsx, with Sign Out's flow). The root layout shows it once the
 * login flag is set; fetching it earlier (at the start when the flag is already set, when the login form is sent)
 * means it is usually there before it is shown, and the bar's disabled stand-in is not seen.
 */
export const loadStaffNavBar = () => import('./staff-nav-bar.tsx');
