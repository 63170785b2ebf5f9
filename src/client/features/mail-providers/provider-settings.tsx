// Mail provider settings (being built): until then it says so rather than showing controls that do nothing.
export function MailProviderSettings() {
  return <p className="text-sm text-muted-foreground">Connecting your own mail provider is not available yet.</p>;
}

export function SystemMailProviderSettings() {
  return <p className="text-sm text-muted-foreground">System mail providers cannot be configured here yet.</p>;
}
