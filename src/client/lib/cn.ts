// Class names for components that take a className: later classes replace conflicting earlier ones
// (a caller's 'text-red-600' beats a variant's 'text-zinc-700'), whatever order Tailwind emits the CSS in.
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
