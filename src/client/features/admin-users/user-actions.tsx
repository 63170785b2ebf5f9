// One account's controls on /admin/users (admins only; the server refuses everyone else): role, plan,
// disable/enable, end sessions, and delete after typing the account's address.
import { useState } from 'react';
import { Ban, LogOut, RotateCcw, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { PLAN_LABELS, PLAN_TYPES, ROLES, type PlanType, type Role } from '../../../shared/plans';

interface ManagedUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  planType: PlanType;
  disabled: boolean;
  activeSessions: number;
}

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', manager: 'Manager', supervisor: 'Supervisor', user: 'User' };

/** A select of one account's row, named for screen readers by what it changes and whose it is. */
function RowSelect<T extends string>({
  id,
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  disabled: boolean;
  onChange: (v: T) => void;
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <Select id={id} className="h-8 w-32 text-xs" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </>
  );
}

const ROLE_CHOICES = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const PLAN_CHOICES = PLAN_TYPES.map((p) => ({ value: p, label: PLAN_LABELS[p] }));

function useAccountChange() {
  const utils = trpc.useUtils();
  const done = (title: string) => () => {
    toast({ title, variant: 'success' });
    void utils.admin.listUsers.invalidate();
  };
  const failed = (err: unknown) => toast({ title: 'Not changed', description: errorMessage(err), variant: 'destructive' });
  return { done, failed };
}

/** Delete, after typing the account's address. */
function DeleteAccount({ user, self, id }: { user: ManagedUser; self: boolean; id: string }) {
  const { done, failed } = useAccountChange();
  const remove = trpc.admin.deleteUser.useMutation({ onSuccess: done('Account deleted'), onError: failed });
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  return (
    <>
      <Button size="sm" variant="outline" disabled={self} onClick={() => setConfirming(true)} className="text-red-700 dark:text-red-400">
        <Trash2 aria-hidden /> Delete<span className="sr-only"> {user.email}</span>
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(o) => {
          if (remove.isPending) return;
          setConfirming(o);
          setTyped('');
        }}
      >
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>Delete {user.name || user.email}?</DialogTitle>
            <DialogDescription>
              The account, its publications, subscribers, drafts and sends are deleted for good. The audit log keeps a record of the deletion.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={`confirm-${id}`}>Type {user.email} to confirm</Label>
            <Input id={`confirm-${id}`} value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={remove.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={typed.trim().toLowerCase() !== user.email.toLowerCase()}
              loading={remove.isPending}
              onClick={() => remove.mutate({ userId: user.id, confirmEmail: typed }, { onSuccess: () => setConfirming(false) })}
            >
              Delete account
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

export function UserActions({ user, self }: { user: ManagedUser; self: boolean }) {
  const { done, failed } = useAccountChange();
  const setRole = trpc.admin.setRole.useMutation({ onSuccess: done('Role changed'), onError: failed });
  const setPlan = trpc.billing.setPlan.useMutation({ onSuccess: done('Plan changed'), onError: failed });
  const setDisabled = trpc.admin.setDisabled.useMutation({ onSuccess: (r) => done(r.disabled ? 'Account disabled' : 'Account enabled')(), onError: failed });
  const endSessions = trpc.admin.endSessions.useMutation({
    onSuccess: (r) => done(`${r.ended} ${r.ended === 1 ? 'session' : 'sessions'} ended`)(),
    onError: failed,
  });
  const id = user.id.replace(/[^\w-]/g, '');

  return (
    <div className="flex flex-wrap items-center gap-2">
      <RowSelect
        id={`role-${id}`}
        label={`Role of ${user.email}`}
        value={user.role}
        options={ROLE_CHOICES}
        disabled={self || setRole.isPending}
        onChange={(role) => setRole.mutate({ userId: user.id, role })}
      />
      <RowSelect
        id={`plan-${id}`}
        label={`Plan of ${user.email}`}
        value={user.planType}
        options={PLAN_CHOICES}
        disabled={setPlan.isPending}
        onChange={(plan) => setPlan.mutate({ userId: user.id, plan, reason: 'Changed on User Management' })}
      />
      <Button
        size="sm"
        variant="outline"
        disabled={self}
        loading={setDisabled.isPending}
        onClick={() => setDisabled.mutate({ userId: user.id, disabled: !user.disabled })}
      >
        {user.disabled ? <RotateCcw aria-hidden /> : <Ban aria-hidden />}
        {user.disabled ? 'Enable' : 'Disable'}
        <span className="sr-only"> {user.email}</span>
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={user.activeSessions === 0}
        loading={endSessions.isPending}
        onClick={() => endSessions.mutate({ userId: user.id })}
      >
        <LogOut aria-hidden /> End sessions<span className="sr-only"> of {user.email}</span>
      </Button>
      <DeleteAccount user={user} self={self} id={id} />
    </div>
  );
}
