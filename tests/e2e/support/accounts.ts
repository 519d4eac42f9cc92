/** A staff account the tests log in with. */
export type Account = { readonly username: string; readonly password: string };

/** The mock backend's demo account (mocks/handlers/auth.ts). */
export const MOCK_ACCOUNT: Account = { username: 'admin', password: 'admin' };

/**
 * The bootstrap account the real server creates on its first start (SALON_ADMIN_USERNAME and
 * SALON_ADMIN_PASSWORD), with a password a real deployment could use.
 */
export const REAL_ACCOUNT: Account = { username: 'admin', password: 'E2e-Salon-Staff-7q!Rv2#Lm9' };

/** A password nobody has: the login-failure test's. */
export const WRONG_PASSWORD = 'not-the-password-1';
