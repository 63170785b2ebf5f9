// The audit log: who changed what about an account, when and from where (staff actions, the CLI).
import crypto from 'node:crypto';
import type { DbOrTx } from '../db';
import { auditLog } from '../../../db/schema';

export interface Actor {
  /** null for the CLI run by an operator at the machine. */
  id: string | null;
  email: string;
  ip: string;
}

export async function recordAudit(
  db: Pick<DbOrTx, 'insert'>,
  actor: Actor,
  action: string,
  targetUserId: string | null,
  detail: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db
    .insert(auditLog)
    .values({ id: crypto.randomUUID(), actorId: actor.id, actorEmail: actor.email, action, targetUserId, detail, ip: actor.ip, createdAt: now });
}

/** An audit row as staff pages show it: the account it concerns is the e-mail in its detail. */
export function auditEntry(a: typeof auditLog.$inferSelect) {
  return {
    id: a.id,
    actor: a.actorEmail,
    action: a.action,
    target: typeof a.detail.email === 'string' ? a.detail.email : null,
    detail: a.detail,
    ip: a.ip,
    at: a.createdAt.toISOString(),
  };
}
