import { LoaderCircle } from 'lucide-react';

/** Decorative: the busy state is announced by the element that owns it (`aria-busy`, a status text). */
export function Spinner({ className = 'size-5' }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={`animate-spin ${className}`} />;
}
