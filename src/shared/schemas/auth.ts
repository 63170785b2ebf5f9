// The contracts of auth.*: sign-up, sign-in, codes and password reset, and what they answer (the
// profile's input is user.ts's).
import { z } from 'zod';
import { query, mutation, type RouterContract } from '../contract';
import { messageResult, noInput } from './common';
import { nameField, userDto } from './user';

export const emailField = z.string().trim().toLowerCase().max(254, 'Email is too long').pipe(z.email('Please enter a valid email address'));

export const passwordField = z.string().min(8, 'Password must be at least 8 characters').max(200, 'Password is too long');

export const signUpInput = z.object({ name: nameField, email: emailField, password: passwordField });
export type SignUpInput = z.infer<typeof signUpInput>;

export const signInInput = z.object({ email: emailField, password: z.string().min(1, 'Please enter your password').max(200) });
export type SignInInput = z.infer<typeof signInInput>;

/**
 * What a mailed code is for: signing in (the sign-in page, the 2FA demo, a trial's confirmation) or proving
 * the signed-in creator's own address before step 5 sends to other people. The server picks the mail's
 * subject and text from this; the client names the purpose, never the wording.
 */
export const CODE_PURPOSES = ['sign-in', 'verify-sender'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export const sendCodeInput = z.object({ email: emailField, purpose: z.enum(CODE_PURPOSES).default('sign-in') });
export const verifyCodeInput = z.object({
  email: emailField,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter a valid 6-digit code'),
});

export const forgotPasswordInput = z.object({ email: emailField });
export const resetPasswordInput = z.object({ token: z.string().min(20).max(200), password: passwordField });

export const newsletterSignupInput = z.object({
  email: emailField,
  firstName: z.string().trim().max(100, 'First name is too long').default(''),
});

// What the auth procedures (and /api/auth/*, /api/user) answer.
export const authResult = z.object({ success: z.literal(true), user: userDto });
export const codeVerifiedResult = authResult.extend({ message: z.string() });
export const authCheckResult = z.object({ authenticated: z.boolean(), user: userDto.nullable() });
export const signedOutResult = z.object({ success: z.literal(true) });
export const providersResult = z.object({ google: z.boolean(), github: z.boolean() });

/** The auth router: what each procedure takes and answers. */
export const authContract = {
  signUp: mutation(signUpInput, authResult, 'public'),
  signIn: mutation(signInInput, authResult, 'public'),
  signOut: mutation(noInput, signedOutResult),
  check: query(noInput, authCheckResult, 'public'),
  sendCode: mutation(sendCodeInput, messageResult, 'public'),
  verifyCode: mutation(verifyCodeInput, codeVerifiedResult, 'public'),
  forgotPassword: mutation(forgotPasswordInput, messageResult, 'public'),
  resetPassword: mutation(resetPasswordInput, messageResult, 'public'),
  providers: query(noInput, providersResult, 'public'),
} satisfies RouterContract;
