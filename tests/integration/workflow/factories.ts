// Factories and assertions shared by the workflow tests.
import { expect } from 'vitest';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Article, Channel } from '../../../src/shared/schemas/content';

let n = 0;

export function buildChannel(o: Partial<Channel> = {}): Channel {
  n += 1;
  return {
    id: `channel-${n}`,
    name: `Channel ${n}`,
    url: `https://example.com/feed-${n}.xml`,
    siteUrl: `https://example.com/${n}`,
    description: 'A feed about things',
    quality: 'high',
    frequency: 'Daily',
    niche: 'technology',
    source: 'example.com',
    ...o,
  };
}

export function buildArticle(o: Partial<Article> = {}): Article {
  n += 1;
  return {
    id: `article-id-${n}`,
    title: `Article number ${n} about compilers`,
    summary: `Summary of article ${n}: a short, honest paragraph.`,
    url: `https://example.com/posts/${n}`,
    publishDate: '2026-11-20T08:00:00.000Z',
    source: 'Example Blog',
    channelUrl: 'https://example.com/feed.xml',
    category: 'Technology',
    readTime: '3 min',
    aiEnhanced: false,
    ...o,
  };
}

/** Awaits a failing call and checks its HTTP status (the one tRPC and REST answer with) and message. */
export async function expectStatus(p: Promise<unknown>, status: number, message?: string | RegExp) {
  const err = await p.then(
    () => {
      throw new Error(`expected HTTP ${status}, but the call succeeded`);
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCError);
  expect(getHTTPStatusCodeFromError(err as TRPCError)).toBe(status);
  if (typeof message === 'string') expect((err as Error).message).toBe(message);
  else if (message) expect((err as Error).message).toMatch(message);
  return err as TRPCError;
}
