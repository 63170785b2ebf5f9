// A failed call's message where the call was made (an AI suggestion, a save, a preview): an alert in the
// danger colour, nothing while there is no error.
import { errorMessage } from '../lib/errors';
import { cn } from '../lib/cn';

export function ErrorLine({
  error,
  fallback,
  className,
}: {
  error: unknown;
  /** Said when the error carries no message of its own. */ fallback?: string;
  className?: string;
}) {
  if (!error) return null;
  return (
    <p role="alert" className={cn('text-red-700 dark:text-red-300', className)}>
      {errorMessage(error, fallback)}
    </p>
  );
}
