// The audit log: who changed what about an account, when and from where (staff actions, the CLI).
import crypto from 'node:crypto';
import type { Db } from '../db';
import { auditLog } from '../../../db/schema';

export interface Actor {
  /** null for the CLI run by an operator at the machine. */
  id: string | null;
  email: string;
  ip: string;
}

export function recordAudit(db: Pick<Db, 'insert'>, actor: Actor, action: string, targetUserId: string | null, detail: Record<string, unknown>, now: Date) {
  db.insert(auditLog)
    .values({ id: crypto.randomUUID(), actorId: actor.id, actorEmail: actor.email, action, targetUserId, detail, ip: actor.ip, createdAt: now })
    .run();
}
