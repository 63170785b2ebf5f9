// Provider webhooks (bounces, complaints, deliveries), mounted at /webhooks outside the session and
// CSRF checks: each request is authenticated by the vendor's signature or the provider's URL token.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';

export const webhooksRest = new Hono<AppEnv>();
