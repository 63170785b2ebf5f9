// Team collaboration's user-facing messages, shared by the domain, the API and the tests.
import { INVITATION_LINK_INVALID, MAX_MEMBERS, MAX_PENDING_INVITATIONS } from '../../shared/schemas/team';

export const TEAM_MSG = {
  enterpriseOnly: 'Team collaboration is part of the Enterprise plan. Upgrade to Enterprise to invite members and share publications.',
  inviteSelf: 'You already own this team: invite someone else’s address.',
  alreadyMember: (email: string) => `${email} is already a member of your team.`,
  memberLimit: `Your team has reached its limit of ${MAX_MEMBERS} members. Remove a member before inviting someone new.`,
  invitationLimit: `Your team has ${MAX_PENDING_INVITATIONS} pending invitations, the most it can have. Revoke some before inviting more people.`,
  mailFailed: 'The invitation was saved but could not be e-mailed. Use Resend to try again in a moment.',
  invitationNotFound: 'Invitation not found',
  memberNotFound: 'Member not found',
  teamNotFound: 'Team not found',
  linkInvalid: INVITATION_LINK_INVALID,
  linkRevoked: 'This invitation was withdrawn by the team’s owner. Ask them to invite you again.',
  linkExpired: 'This invitation has expired. Ask the team’s owner to send you a new one.',
  linkUsed: 'This invitation has already been used.',
  notAcceptedYet: 'This invitation has already been accepted or withdrawn.',
  wrongAccount: (email: string) =>
    `This invitation was sent to ${email}. Sign out and sign in with that address to accept it (signing in with a code e-mailed to it also confirms it).`,
  unverified: (email: string) =>
    `Confirm your address ${email} first: sign out and sign in with a code e-mailed to it, which confirms it. Then open the invitation link again.`,
  ownerLapsed: 'This team is not available: its owner’s plan no longer includes team collaboration.',
  teamFull: `This team already has ${MAX_MEMBERS} members, the most it can have. Ask its owner to make room.`,
} as const;
