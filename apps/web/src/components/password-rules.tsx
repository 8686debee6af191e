import { PASSWORD_RULES, VALIDATION } from '@housnkuh/shared/messages';
import { Check, X } from 'lucide-react';

/** The password rules (spec §5) in one sentence: the hint of a new password's field. */
export const PASSWORD_HINT = `Das Passwort braucht: ${PASSWORD_RULES.map((rule) => rule.label).join(', ')}. ${VALIDATION.passwordCharset}.`;

export interface PasswordRuleState {
  id: string;
  label: string;
  met: boolean;
}

/** The password rules (spec §5), each with a tick or a cross; used by registration and reset. */
export function PasswordRuleList({
  rules,
  id,
  label,
}: {
  rules: readonly PasswordRuleState[];
  id?: string;
  label?: string;
}) {
  return (
    <div id={id}>
      <ul aria-label={label} className="space-y-1">
        {rules.map((rule) => (
          <li
            key={rule.id}
            className={`flex items-center gap-2 ${rule.met ? 'text-green-900' : 'text-gray-800'}`}
          >
            {rule.met ? (
              <Check aria-hidden="true" className="h-4 w-4 shrink-0 text-moss" />
            ) : (
              <X aria-hidden="true" className="h-4 w-4 shrink-0 text-coral-darker" />
            )}
            <span>
              {rule.label}
              <span className="sr-only">{rule.met ? ': erfüllt' : ': fehlt noch'}</span>
            </span>
          </li>
        ))}
      </ul>
      {/* which special characters count (spec §5): others are refused, so say it before */}
      <p className="mt-1 text-gray-800">{VALIDATION.passwordCharset}.</p>
    </div>
  );
}
