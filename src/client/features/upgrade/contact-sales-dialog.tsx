// Enterprise is sold by people: a short note to the sales team (billing.contactSales), answered by e-mail.
import { useState, type FormEvent } from 'react';
import { SALES_EMAIL } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';

export function ContactSalesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [company, setCompany] = useState('');
  const [message, setMessage] = useState('');
  const send = trpc.billing.contactSales.useMutation({
    onSuccess: (r) => {
      toast({ title: 'Message sent', description: r.message, variant: 'success' });
      setCompany('');
      setMessage('');
      onOpenChange(false);
    },
    onError: (err) => toast({ title: 'Message not sent', description: errorMessage(err), variant: 'destructive' }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate({ company: company.trim() || undefined, message: message.trim() || undefined });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Contact Sales</DialogTitle>
          <DialogDescription>
            Tell us about your team and we will get back to you by e-mail. You can also write to{' '}
            <a href={`mailto:${SALES_EMAIL}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              {SALES_EMAIL}
            </a>
            .
          </DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={submit}>
          <div>
            <Label htmlFor="sales-company">Company</Label>
            <Input id="sales-company" autoComplete="organization" maxLength={200} value={company} onChange={(e) => setCompany(e.target.value)} />
          </div>
          <div>
            <Label htmlFor="sales-message">Message</Label>
            <Textarea
              id="sales-message"
              maxLength={2000}
              placeholder="How many people will write newsletters, and what do you need?"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send to sales
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
