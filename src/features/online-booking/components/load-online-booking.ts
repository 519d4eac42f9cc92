/**
 * The booking section's and the cancel question's chunks, behind this small module: the landing page's first JS
 * names only this file, and the list of what they need (zod, react-hook-form, the contract: a dozen file names that
 * Vite preloads with them) comes with it when it is needed (−0.3 KiB gzip before any scroll, docs/performance.md).
 */
export const loadOnlineBookingSection = () => import('./online-booking-section.tsx');
export const loadCancelAppointment = () => import('./cancel-appointment.tsx');
