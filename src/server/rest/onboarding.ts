// Onboarding e-mails: REST paths and the unsubscribe link.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';

export const onboardingRest = new Hono<AppEnv>();
