import { passwordChecklist } from '@housnkuh/shared/schemas/registration';
import { Check, X } from 'lucide-react';

/** Which password rules are met, as the visitor types (spec §5). */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} aria-label="Anforderungen an das Passwort" className="mt-2 space-y-1 text-sm">
      {passwordChecklist(password).map((rule) => (
        <li
          key={rule.id}
          className={`flex items-center gap-2 ${rule.met ? 'text-moss' : 'text-gray-800'}`}
        >
          {rule.met ? (
            <Check aria-hidden="true" className="h-4 w-4" />
          ) : (
            <X aria-hidden="true" className="h-4 w-4" />
          )}
          <span>
            {rule.label}
            <span className="sr-only">{rule.met ? ': erfüllt' : ': fehlt noch'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
