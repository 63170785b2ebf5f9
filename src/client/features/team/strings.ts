// The team pages' own wording (the server's refusals arrive with their messages).
export const TEAM_TEXT = {
  enterpriseOnly: 'Team collaboration is part of the Enterprise plan. Upgrade to Enterprise to invite members and share publications.',
  roles: {
    owner: 'Owner',
    editor: 'Editor',
    viewer: 'Viewer',
  },
  roleHelp: {
    editor: 'Editors open and edit shared publications in the workflow.',
    viewer: 'Viewers open a read-only preview of shared publications.',
  },
  sharedBy: (name: string) => `Shared by ${name}`,
} as const;
