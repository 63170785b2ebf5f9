// /reset-password?token=...: choose a new password; the server signs the user in on success.
import { Link, useNavigate } from '@tanstack/react-router';
import { MSG } from '../../../shared/messages';
import { trpc } from '../../trpc';
import { Logo } from '../../components/logo';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { errorMessage } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { Field, FormAlert } from './form-bits';

export function ResetPasswordPage({ token }: { token?: string }) {
  useTitle('Reset password');
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const m = trpc.auth.resetPassword.useMutation({
    onSuccess: async () => {
      await utils.auth.check.fetch(undefined, { staleTime: 0 });
      await navigate({ to: '/dashboard' });
    },
  });

  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-zinc-50 px-4 py-12 dark:bg-zinc-950">
      <header>
        <Logo />
      </header>
      <main className="mt-8 w-full max-w-sm">
        <Card className="p-6">
          <h1 className="text-xl font-semibold tracking-tight">Choose a new password</h1>
          {!token ? (
            <div className="mt-4 space-y-4">
              <FormAlert tone="error">{MSG.resetTokenInvalid}</FormAlert>
              <Link to="/auth" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                Back to sign in
              </Link>
            </div>
          ) : (
            <form
              className="mt-6 space-y-4"
              onSubmit={(e) => {
                e.preventDefault();
                const password = String(new FormData(e.currentTarget).get('new-password') ?? '');
                m.mutate({ token, password });
              }}
            >
              {m.error && <FormAlert tone="error">{errorMessage(m.error, MSG.somethingWentWrong)}</FormAlert>}
              <Field id="new-password" label="New password" type="password" autoComplete="new-password" required minLength={8} hint="At least 8 characters." />
              <Button type="submit" className="w-full" loading={m.isPending || m.isSuccess}>
                Set new password
              </Button>
            </form>
          )}
        </Card>
      </main>
    </div>
  );
}
