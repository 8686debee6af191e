import { RotateCcw } from 'lucide-react';
import { Alert } from './alert';
import { Button } from './button';

/** Data that did not load: the message, and a button that asks for it again. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert tone="error" title={title}>
      <p className="mt-1">Bitte versuche es gleich noch einmal.</p>
      <Button className="mt-3" onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="h-5 w-5" />
        Neu laden
      </Button>
    </Alert>
  );
}

/** A query's state before its data: "Wird geladen..." while it loads, the LoadError if it failed. */
export function QueryState({
  query,
  error,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** the LoadError's title, e.g. "Die Tags konnten nicht geladen werden." */
  error: string;
}) {
  return (
    <>
      {query.isPending && <p role="status">Wird geladen...</p>}
      {query.isError && <LoadError title={error} onRetry={() => void query.refetch()} />}
    </>
  );
}
