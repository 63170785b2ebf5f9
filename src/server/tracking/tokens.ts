// Signed tracking tokens. A click token names (send, recipient, link position) and never a URL, so a
// tampered token cannot point the redirect anywhere: the address always comes from `send_links`.
// Tokens are HMACs (signToken, purposes of their own), ~80 characters, no storage.
import { readToken, signToken } from '../crypto';

const CLICK = 'track-click';
const OPEN = 'track-open';
const SEND_ID = /^[A-Za-z0-9_-]{1,64}$/;
const NUM = /^(0|[1-9][0-9]{0,9})$/;

export interface ClickRef {
  sendId: string;
  recipientId: number;
  position: number;
}
export interface OpenRef {
  sendId: string;
  recipientId: number;
}

export const clickToken = (appSecret: string, r: ClickRef) => signToken(appSecret, CLICK, `${r.sendId}.${r.recipientId}.${r.position}`);
export const openToken = (appSecret: string, r: OpenRef) => signToken(appSecret, OPEN, `${r.sendId}.${r.recipientId}`);

const readParts = (appSecret: string, purpose: string, token: string) => readToken(appSecret, purpose, token)?.split('.') ?? null;

export function readClickToken(appSecret: string, token: string): ClickRef | null {
  const parts = readParts(appSecret, CLICK, token);
  if (!parts || parts.length !== 3) return null;
  const [sendId, rid, pos] = parts as [string, string, string];
  if (!SEND_ID.test(sendId) || !NUM.test(rid) || !NUM.test(pos)) return null;
  return { sendId, recipientId: Number(rid), position: Number(pos) };
}

export function readOpenToken(appSecret: string, token: string): OpenRef | null {
  const parts = readParts(appSecret, OPEN, token);
  if (!parts || parts.length !== 2) return null;
  const [sendId, rid] = parts as [string, string];
  if (!SEND_ID.test(sendId) || !NUM.test(rid)) return null;
  return { sendId, recipientId: Number(rid) };
}
