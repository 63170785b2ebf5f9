// An invitation link opened while signed out: /team/join sits in the signed-in area, which sends the
// visitor to /auth (that page keeps no return address). The token is kept in this tab's sessionStorage
// before the redirect and the first sign-in goes on to /team/join with it. Tiny on purpose: the route
// definition imports it, and route definitions load with every page.
export const PENDING_INVITATION_KEY = 'pendingTeamInvitation';
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export function rememberPendingInvitation(token: string): void {
  if (!TOKEN.test(token)) return;
  try {
    sessionStorage.setItem(PENDING_INVITATION_KEY, token);
  } catch {
    // Storage disabled: opening the mailed link again after signing in still works.
  }
}

export function readPendingInvitation(): string | null {
  try {
    const token = sessionStorage.getItem(PENDING_INVITATION_KEY);
    return token && TOKEN.test(token) ? token : null;
  } catch {
    return null;
  }
}

export function clearPendingInvitation(): void {
  try {
    sessionStorage.removeItem(PENDING_INVITATION_KEY);
  } catch {
    // Nothing kept.
  }
}
