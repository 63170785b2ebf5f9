// User-facing strings quoted from the product spec (§2, §5, §8). Client, server and tests share them
// so a test can assert the exact text.

export const MSG = {
  // Auth and account
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  authCheckFailed: 'Auth check failed',
  notSignedIn: 'Please sign in to continue',
  forbidden: 'You do not have permission to do this',
  apiKeyReadOnly: 'This API key can only read. Create a key with read and write access to make changes.',
  rateLimited: 'Too many requests. Please wait a few minutes and try again.',
  somethingWentWrong: 'Something went wrong',
  pleaseTryLater: 'Please try again later.',
  resetLinkSent: 'If an account exists for that email, a reset link is on its way.',
  resetTokenInvalid: 'This reset link is invalid or has expired.',
  passwordResetDone: 'Your password has been reset. You are now signed in.',
  providerNotConfigured: (provider: string) => `${provider} sign-in is not set up on this server`,

  // Two-factor / one-time codes
  codeSent: 'Verification code sent! Check your email.',
  codeVerified: 'Code verified successfully! 2FA is working.',
  codeInvalid: 'Invalid verification code',
  codeSendFailed: 'Failed to send verification code',
  codeSendFailedRetry: 'Failed to send verification code. Please try again.',
  codeVerifyFailed: 'Failed to verify code. Please try again.',
  codeFormat: 'Please enter a valid 6-digit code',

  // Profile
  profileLoadFailed: 'Failed to load user profile',
  profileNetworkError: 'Network Error: Unable to connect to server. Please try again.',
  profileUpdateFailed: 'Failed to update profile',
  networkError: 'Network error. Please try again.',
  profileUpdated: 'Profile updated successfully!',
  avatarTooLarge: 'Avatar image must be less than 1MB',
  avatarNotImage: 'Please select a valid image file',

  // Generic errors (§8)
  unknownError: 'Unknown error occurred',
  genericError: 'Error',
  httpError: (status: number, statusText: string) => `Error: ${status} ${statusText}`,
  malformedJson: 'Malformed JSON in request body',
  bodyTooLarge: 'Request body is too large (1 MB at most)',
  uploadTooLarge: 'The file is too large (25 MB at most)',
  notFoundApi: 'Not found',
  crossOrigin: 'Cross-origin requests are not allowed',
  internalError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'Curated cannot reach its database right now. Please try again in a moment.',

  // Pages
  notFoundPage: "The page you're looking for doesn't exist or has been moved.",
  returnHome: 'Return to Home',
  appError: 'Application Error',
  adminError: 'Admin Dashboard Error',
  /** A page's own boundary (spec §8 '{component} Error'), named after the page. */
  pageError: (component: string) => `${component} Error`,
  pageErrorBody: "We couldn't load this page. Please try again.",
  recoveryTitle: 'Application Recovery',
  recoveryBody: "We've encountered an error. The app has been restored to a stable state.",
  restartApp: 'Restart App',
  /** Settings' API keys: the spec's 'X Plan Required' with the plan that will carry them. */
  planRequired: (plan: string) => `${plan} Plan Required`,
  comingSoon: 'Coming soon',

  // Lead magnet
  sending: 'Sending...',

  // Workflow (§2, §5, §8)
  searchTopicRequired: 'Please enter a search topic',
  searchFailed: 'Failed to search channels. Using default channels.',
  /** Issue 43 replaces the spec's 'Showing sample channels.': an empty search says so and shows none. */
  searchEmpty: (topic: string) => `No channels found for “${topic}”.`,
  channelLimitTitle: 'Channel Limit Reached',
  channelLimit: (n: number) => `Upgrade your plan to select more than ${n} content channel(s).`,
  channelAllowance: (n: number) => `You can select ${n} content channel(s).`,
  upgradeToSelectMore: 'Upgrade to select more',
  assemblyMissing: 'Missing required fields: newsletter name, theme, and articles',
  assemblyFailed: 'Failed to assemble newsletter',
  draftSaveFailed: 'Failed to save newsletter. Please try again.',
  draftSaved: 'Newsletter saved successfully!',
  saving: 'Saving...',
  assembling: 'Assembling your newsletter...',
  noArticles: 'No Articles Found',
  noChannels: 'No Content Channels Selected',
  noPublications: 'No publications found',
  addressNotAllowed: 'This address is not allowed',
  noFeedFound: 'No feed found at this address',
  sampleNotSelectable: 'Sample entries stand in for a channel that could not be loaded and cannot be added to a newsletter.',
  verifyEmailToSend: 'Verify your e-mail address before sending to other people: we e-mail you a 6-digit code.',

  // Upgrade dialog
  upgradeDialogTitle: 'Unlock Premium Newsletter Themes',
  mostPopular: 'Most Popular',
  currentPlan: 'Current Plan',
  maybeLater: 'Maybe Later',
  contactSales: 'Contact our sales team',
  upgradeTo: (plan: string) => `Upgrade to ${plan}`,
  upgradeRequired: 'Upgrade Required',

  // Email tests
  testEmailMissing: 'Please enter both sender and recipient email addresses',
  quickTestMissing: 'Please enter an email address',
  customEmailMissing: 'Please fill in all fields',
  testEmailFailed: 'Failed to send test email',
  sendEmailFailed: 'Failed to send email',
  deliveryTestFailed: 'Test request failed',
  notConfiguredOnServer: 'Not configured on this server',
  testRecipientNotAllowed: 'Staff only for arbitrary recipients: you can send test emails to your own address.',
  testVerifyFirst: 'Verify your e-mail address before sending test emails to it: we e-mail you a 6-digit code.',
  testSenderNotAllowed: 'Choose one of the listed sender addresses',

  // Email Management (§2)
  emailManagementUnavailable: 'Email Management is available for Professional and Enterprise plans',
  upgradeYourPlan: 'Upgrade your plan',
  noEmailTemplates: 'No email templates found',
} as const;
