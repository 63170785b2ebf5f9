// What other features use from sign-in: the signed-in user.
export { useCurrentUser, useCurrentUserQuery } from './use-current-user';
