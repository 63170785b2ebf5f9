// The blog's REST paths and its public feed and images (outside /api).
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';

export const blogRest = new Hono<AppEnv>();
