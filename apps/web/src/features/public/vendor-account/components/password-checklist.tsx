import { PASSWORD_RULES } from '@housnkuh/shared/messages';
import type * as RegistrationSchemas from '@housnkuh/shared/schemas/registration';
import { useEffect, useState } from 'react';
import { PasswordRuleList } from '../../../../components/password-rules';

type RegistrationModule = typeof RegistrationSchemas;

/**
 * The checklist functions live next to the zod schemas; they load with the
 * page's first render instead of with the page's code, so the code of the page
 * itself stays free of zod (docs/decisions/0007).
 */
let loaded: RegistrationModule | undefined;
let loading: Promise<RegistrationModule> | undefined;
function loadChecklist(): Promise<RegistrationModule> {
  return (loading ??= import('@housnkuh/shared/schemas/registration').then((value) => {
    loaded = value;
    return value;
  }));
}

function useChecklistModule(): RegistrationModule | undefined {
  const [checklist, setChecklist] = useState(loaded);
  useEffect(() => {
    if (checklist) return;
    let active = true;
    void loadChecklist().then((value) => {
      if (active) setChecklist(value);
    });
    return () => {
      active = false;
    };
  }, [checklist]);
  return checklist;
}

/**
 * The live checklist of the password rules (spec §5): each rule with a tick or
 * a cross, and what is still missing, announced politely.
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const checklist = useChecklistModule();
  const rules = checklist
    ? checklist.passwordChecklist(password)
    : PASSWORD_RULES.map((rule) => ({ id: rule.id, label: rule.label, met: false }));
  const missing = checklist ? checklist.passwordMissingText(password) : undefined;
  const allMet = rules.every((rule) => rule.met);

  return (
    <div id={id} className="mt-2 rounded-lg bg-sand p-3 text-sm">
      <p className="mb-1 font-semibold text-navy">Dein Passwort braucht:</p>
      <PasswordRuleList rules={rules} />
      <p aria-live="polite" className="mt-2 font-medium text-gray-800">
        {password === '' ? '' : allMet ? 'Alle Anforderungen sind erfüllt.' : missing}
      </p>
    </div>
  );
}
