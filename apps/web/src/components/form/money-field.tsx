import { parseEuroAmount, formatEuro } from '@housnkuh/shared/format';
import { useEffect, useState, type ComponentProps } from 'react';
import { get, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { TextField } from '../ui/field';
import { useFieldError, type Bound } from './field';
import { useKeptField } from './kept-field';

/** 3550 → '35,50', as a person types an amount in euros; nothing for no amount. */
export function euroText(cents: unknown): string {
  return typeof cents === 'number' && Number.isFinite(cents)
    ? formatEuro(cents).replace(/\s?€$/, '')
    : '';
}

/** '35,50' → 3550; empty → undefined (or null); anything else → NaN, which a schema refuses. */
function centsOf(text: string, nullable: boolean): number | null | undefined {
  if (text.trim() === '') return nullable ? null : undefined;
  return parseEuroAmount(text) ?? Number.NaN;
}

type MoneyProps = Omit<
  ComponentProps<typeof TextField>,
  'form' | 'name' | 'error' | 'ref' | 'value' | 'defaultValue' | 'onChange' | 'type'
> & {
  /** Shown instead of the schema's message while the text is no amount at all. */
  invalidMessage?: string;
  /** An empty field is null; otherwise undefined (left out). */
  nullable?: boolean;
};

/**
 * An amount of money: the person types euros ('12', '12,50', '1.200,00 €'),
 * the form holds integer cents, which the shared schema checks. Text that is
 * no amount holds NaN, so the schema refuses it; the field then explains how
 * an amount is written.
 */
export function FormMoneyField<T extends FieldValues, C = unknown>({
  form,
  name,
  error,
  invalidMessage = 'Bitte gib den Betrag in Euro ein, z. B. 35 oder 35,00.',
  nullable = false,
  ...props
}: Bound<T, C> & MoneyProps) {
  const { element, set, setting } = useKeptField(form, name);
  const formMessage = useFieldError(form, name);
  // The text as typed. It follows the form's value only when that is set from outside
  // (a reset, setValue): an empty field's undefined reads back as the default value.
  const [text, setText] = useState(() => euroText(form.getValues(name)));
  useEffect(() => {
    const watching = form.watch((values, change) => {
      if (change.name === undefined || (change.name === name && !setting.current)) {
        setText(euroText(get(values, name)));
      }
    });
    return () => watching.unsubscribe();
  }, [form, name, setting]);
  const unreadable = text.trim() !== '' && parseEuroAmount(text) === null;
  const message = error ?? (formMessage && unreadable ? invalidMessage : formMessage);
  return (
    <TextField
      inputMode="decimal"
      autoComplete="off"
      maxLength={12}
      {...props}
      ref={element}
      name={name}
      value={text}
      error={message}
      onChange={(event) => {
        setText(event.target.value);
        set(centsOf(event.target.value, nullable) as PathValue<T, Path<T>>);
      }}
    />
  );
}
