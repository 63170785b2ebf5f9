// /account: avatar, full name, and the read-only facts of the account (spec §2, §5, §8).
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Upload } from 'lucide-react';
import { MSG } from '../../../shared/messages';
import { trpc } from '../../trpc';
import { useCurrentUserQuery } from '../auth';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { PageSpinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { errorMessage, isNetworkError } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { UserAvatar } from '../shell';
import { avatarFileError, resizeAvatar } from './avatar-image';

function ReadOnly({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} readOnly disabled />
    </div>
  );
}

type User = NonNullable<ReturnType<typeof useCurrentUserQuery>['data']>;

/** The photo: the one shown (the picked one until saved), Upload avatar and why a file was refused. */
function AvatarField({ name, user, shown, onPicked }: { name: string; user: User; shown: string | null; onPicked: (avatar: string) => void }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = avatarFileError(file);
    setAvatarError(problem);
    if (problem) return;
    try {
      onPicked(await resizeAvatar(file));
    } catch {
      setAvatarError(MSG.avatarNotImage);
    }
  };
  return (
    <div className="flex items-center gap-5">
      <UserAvatar name={name || user.name} email={user.email} avatar={shown} large />
      <div>
        <input
          ref={fileRef}
          id="avatar-file"
          aria-label="Avatar image"
          tabIndex={-1}
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={onFile}
          aria-describedby="avatar-hint avatar-error"
        />
        <Button variant="outline" size="sm" onClick={() => fileRef.current?.click()}>
          <Upload aria-hidden /> Upload avatar
        </Button>
        <p id="avatar-hint" className="mt-2 text-xs text-muted">
          Any image under 1 MB. We resize it to 200 px.
        </p>
        <FieldError id="avatar-error">{avatarError}</FieldError>
      </div>
    </div>
  );
}

function AccountDetails({ user }: { user: User }) {
  return (
    <SectionCard title="Account details" description="These are set by your account and cannot be edited here." contentClassName="grid gap-4 sm:grid-cols-2">
      <ReadOnly id="account-email" label="Email" value={user.email} />
      <ReadOnly id="account-username" label="Username" value={user.username} />
      <ReadOnly id="account-type" label="Account type" value={user.isAdmin ? 'Administrator' : 'User'} />
      <ReadOnly id="account-since" label="Member since" value={formatDate(user.createdAt)} />
    </SectionCard>
  );
}

function ProfileForm({ user }: { user: User }) {
  const utils = trpc.useUtils();
  // Null until the user edits the field: until then it shows the saved name, also after a refetch.
  const [editedName, setName] = useState<string | null>(null);
  const name = editedName ?? user.name ?? '';
  const [avatar, setAvatar] = useState<string | null | undefined>(undefined);
  const update = trpc.user.update.useMutation({
    onSuccess: (next) => {
      utils.user.get.setData(undefined, next);
      utils.auth.check.setData(undefined, { authenticated: true, user: next });
      setName(null);
      setAvatar(undefined);
      toast({ title: MSG.profileUpdated, variant: 'success' });
    },
    onError: (err) => {
      toast({
        title: isNetworkError(err) ? MSG.networkError : MSG.profileUpdateFailed,
        description: isNetworkError(err) ? undefined : errorMessage(err),
        variant: 'destructive',
      });
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ fullName: name.trim(), ...(avatar !== undefined ? { avatar } : {}) });
  };
  const dirty = name.trim() !== user.name || avatar !== undefined;
  return (
    <form onSubmit={onSubmit} className="grid max-w-3xl gap-6">
      <SectionCard
        title="Profile"
        description="Your photo and the name shown in the app and on your newsletters."
        contentClassName="space-y-6"
        footerClassName="justify-end"
        footer={
          <Button type="submit" loading={update.isPending} disabled={!dirty || !name.trim()}>
            Save changes
          </Button>
        }
      >
        <AvatarField name={name} user={user} shown={avatar !== undefined ? avatar : user.avatar} onPicked={setAvatar} />
        <div>
          <Label htmlFor="full-name">Full name</Label>
          <Input id="full-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" required maxLength={100} />
        </div>
      </SectionCard>
      <AccountDetails user={user} />
    </form>
  );
}

export function AccountPage() {
  const userQuery = useCurrentUserQuery();
  const user = userQuery.data;
  if (userQuery.isPending) return <PageSpinner />;
  if (!user) {
    const network = isNetworkError(userQuery.error);
    return (
      <>
        <PageHeader title="Account" />
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {network ? MSG.profileNetworkError : MSG.profileLoadFailed}
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Account" description="Your profile as others see it." />
      <ProfileForm user={user} />
    </>
  );
}
