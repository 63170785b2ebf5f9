// The owner's team name, renamed in place.
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { trpc } from '../../trpc';
import { failed, useRefresh, type Workspace } from './team-kit';

export function TeamName({ workspace }: { workspace: Workspace }) {
  const refresh = useRefresh();
  const [name, setName] = useState(workspace.name);
  const rename = trpc.team.rename.useMutation({
    onSuccess: async (r) => {
      toast({ title: 'Team name saved', description: `Your team is now called “${r.name}”.`, variant: 'success' });
      await refresh();
    },
    onError: failed('The name was not saved'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate({ name });
  };
  return (
    <SectionCard title="Your team" description="Members you invite see the publications you share with this team.">
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Label htmlFor="team-name">Team name</Label>
          <Input id="team-name" value={name} maxLength={80} required onChange={(e) => setName(e.target.value)} className="mt-1.5 h-10" />
        </div>
        <Button type="submit" variant="outline" disabled={rename.isPending || !name.trim() || name.trim() === workspace.name}>
          Save name
        </Button>
      </form>
    </SectionCard>
  );
}
