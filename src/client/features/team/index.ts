// The team feature's public surface: /team and the invitation page /team/join.
export { TeamPage } from './team-page';
export { JoinPage } from './join-page';
export { TEAM_TEXT } from './strings';
