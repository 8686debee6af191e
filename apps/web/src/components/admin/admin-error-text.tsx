import type { FieldError } from '@housnkuh/shared/schemas/common';
import { ApiError } from '../../lib/api';
import { adminErrorMessage } from '../../lib/admin-api';
import { Alert } from '../ui/alert';

/**
 * The server's German answer to a failed admin call, as the owner should read it: one reason a
 * line; several reasons (two missing billing data) as a list under the server's lead-in, never
 * run together on one line.
 */
export function adminErrorLines(error: unknown): { lead: string; reasons: string[] } {
  if (error instanceof ApiError) {
    const reasons = [...new Set(error.messages)];
    if (reasons.length > 1) {
      const message = error.serverMessage ?? '';
      // "Abschließen geht erst, wenn …: a; b." → its lead-in "Abschließen geht erst, wenn …:"
      const at = message.indexOf(reasons[0]!);
      const lead = at > 0 ? message.slice(0, at).trim() : message;
      return { lead, reasons };
    }
  }
  return { lead: adminErrorMessage(error), reasons: [] };
}

export function AdminErrorText({ error }: { error: unknown }) {
  const { lead, reasons } = adminErrorLines(error);
  return (
    <>
      {lead && <p>{lead}</p>}
      {reasons.length > 0 && (
        <ul className="list-disc pl-5">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A failed admin call (a mutation, a download) in an error box; nothing while there is none. */
export function AdminErrorAlert({ error }: { error: unknown }) {
  if (error == null) return null;
  return (
    <Alert tone="error" focusOnShow>
      <AdminErrorText error={error} />
    </Alert>
  );
}

/**
 * For a form (useSchemaForm's errorMessage): the lead-in only when the server gave several
 * reasons; ReasonList in SubmitOutcome's error box lists them, one a line.
 */
export function adminFormError(error: unknown, onFields: readonly FieldError[] = []): string {
  const { lead, reasons } = adminErrorLines(error);
  return reasons.length > 1 ? lead : adminErrorMessage(error, onFields);
}

export function ReasonList({ error }: { error: unknown }) {
  const { reasons } = adminErrorLines(error);
  if (reasons.length < 2) return null;
  return (
    <ul className="list-disc pl-5">
      {reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}
