import { Spinner } from './spinner';

/** A list or report on its way: a spinner, announced to screen readers by `label` ("Loading…"). */
export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex justify-center p-8 text-emerald-700">
      <Spinner className="size-8" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
