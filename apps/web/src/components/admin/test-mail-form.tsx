import type { ReactNode } from 'react';
import { useState } from 'react';
import type { z } from 'zod';
import { FormTextField } from '../form/field';
import { Form } from '../form/form';
import { SubmitOutcome } from '../form/submit-outcome';
import { useSchemaForm } from '../form/use-schema-form';
import { SubmitButton } from '../ui/button';
import { adminErrorMessage } from '../../lib/admin-api';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { readStorage, writeStorage } from '../../lib/storage';

interface TestAddress {
  email: string;
}

/**
 * "Test senden": a draft (a newsletter, a mail template) as a test e-mail to
 * an address the admin types, which is kept for next time under `storageKey`
 * (admins have no address of their own in the product). The address is
 * checked by the call's own schema (its `email` field); the draft's problems
 * come back from the server and show in the outcome.
 */
export function TestMailForm({
  label,
  storageKey,
  schema,
  send,
  children,
  className,
}: {
  label: string;
  storageKey: string;
  /** The call's shared schema (the draft and `email`). */
  schema: () => Promise<z.ZodObject<{ email: z.ZodType }>>;
  /** Sends the draft to the address. */
  send: (email: string) => Promise<{ message: string }>;
  /** Above the field (a heading). */
  children?: ReactNode;
  className?: string;
}) {
  const [validation] = useState(() =>
    lazyZodResolver<TestAddress>(async () => (await schema()).pick({ email: true })),
  );
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: { email: readStorage(storageKey) ?? '' },
    submit: ({ email }: TestAddress) => {
      writeStorage(storageKey, email);
      return send(email);
    },
    errorMessage: adminErrorMessage,
  });
  return (
    <Form formProps={formProps} className={`space-y-2 ${className ?? ''}`}>
      {children}
      <div className="flex flex-wrap items-end gap-2">
        <FormTextField
          form={form}
          name="email"
          label={label}
          type="email"
          autoComplete="email"
          className="min-w-0 flex-1"
        />
        <SubmitButton busy={busy} busyLabel="Test senden" variant="secondary">
          Test senden
        </SubmitButton>
      </div>
      <SubmitOutcome outcome={outcome} />
    </Form>
  );
}
