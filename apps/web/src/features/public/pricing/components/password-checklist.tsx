import { passwordChecklist } from '@housnkuh/shared/schemas/registration';
import { PasswordRuleList } from '../../../../components/password-rules';

/** Which password rules are met, as the visitor types (spec §5). */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <div className="mt-2 text-sm">
      <PasswordRuleList
        id={id}
        label="Anforderungen an das Passwort"
        rules={passwordChecklist(password)}
      />
    </div>
  );
}
