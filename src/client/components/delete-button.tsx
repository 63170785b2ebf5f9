// The Delete button at the end of a list row (a publication, a saved newsletter): quiet until pointed at, in
// the danger colour; it opens the row's confirmation.
import { Trash2 } from 'lucide-react';
import { Button } from './ui/button';

export function DeleteButton({ onClick, describedBy }: { onClick: () => void; /** The row's name, read after "Delete". */ describedBy: string }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-500/10 dark:hover:text-red-300"
      onClick={onClick}
      aria-describedby={describedBy}
    >
      <Trash2 aria-hidden /> Delete
    </Button>
  );
}
