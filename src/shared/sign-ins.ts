// What came of a sign-in attempt, as the sign-in log stores it and /admin/security filters it.
export const SIGN_IN_OUTCOMES = ['success', 'failure', 'rate_limited', 'disabled'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];
