// Team collaboration: REST paths.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';

export const teamRest = new Hono<AppEnv>();
