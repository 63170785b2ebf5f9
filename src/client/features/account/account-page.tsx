// /account: avatar, full name, and the read-only facts of the account (spec §2, §5, §8).
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Upload } from 'lucide-react';
import { MSG } from '../../../shared/messages';
import { trpc } from '../../trpc';
import { useCurrentUserQuery } from '../auth';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
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

export function AccountPage() {
  const utils = trpc.useUtils();
  const userQuery = useCurrentUserQuery();
  const user = userQuery.data;
  // Null until the user edits the field: until then it shows the saved name, also after a refetch.
  const [editedName, setName] = useState<string | null>(null);
  const name = editedName ?? user?.name ?? '';
  const [avatar, setAvatar] = useState<string | null | undefined>(undefined);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

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

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = avatarFileError(file);
    setAvatarError(problem);
    if (problem) return;
    try {
      setAvatar(await resizeAvatar(file));
    } catch {
      setAvatarError(MSG.avatarNotImage);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ fullName: name.trim(), ...(avatar !== undefined ? { avatar } : {}) });
  };

  const shownAvatar = avatar !== undefined ? avatar : user.avatar;
  const dirty = name.trim() !== user.name || avatar !== undefined;

  return (
    <>
      <PageHeader title="Account" description="Your profile as others see it." />
      <form onSubmit={onSubmit} className="grid max-w-3xl gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Profile</CardTitle>
            <CardDescription>Your photo and the name shown in the app and on your newsletters.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-6">
            <div className="flex items-center gap-5">
              <UserAvatar name={name || user.name} email={user.email} avatar={shownAvatar} large />
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
            <div>
              <Label htmlFor="full-name">Full name</Label>
              <Input id="full-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" required maxLength={100} />
            </div>
          </CardContent>
          <CardFooter className="justify-end">
            <Button type="submit" loading={update.isPending} disabled={!dirty || !name.trim()}>
              Save changes
            </Button>
          </CardFooter>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Account details</CardTitle>
            <CardDescription>These are set by your account and cannot be edited here.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <ReadOnly id="account-email" label="Email" value={user.email} />
            <ReadOnly id="account-username" label="Username" value={user.username} />
            <ReadOnly id="account-type" label="Account type" value={user.isAdmin ? 'Administrator' : 'User'} />
            <ReadOnly id="account-since" label="Member since" value={formatDate(user.createdAt)} />
          </CardContent>
        </Card>
      </form>
    </>
  );
}
