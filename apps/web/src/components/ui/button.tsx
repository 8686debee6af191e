import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useHydrated } from '../../lib/hydrated';

export type ButtonVariant = 'primary' | 'secondary' | 'light' | 'ghost';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-coral-dark text-white hover:bg-coral-darker',
  secondary: 'border-2 border-navy text-navy hover:bg-navy hover:text-white',
  light: 'bg-white text-navy hover:bg-sand',
  ghost: 'text-navy hover:bg-sand',
};

export function buttonClasses(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${BASE} ${VARIANTS[variant]} ${extra}`.trim();
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />;
}

export function ButtonLink({
  variant = 'primary',
  className = '',
  children,
  ...props
}: LinkProps & { variant?: ButtonVariant; children: ReactNode }) {
  return (
    <Link className={buttonClasses(variant, className)} {...props}>
      {children}
    </Link>
  );
}

/**
 * The submit button of a form: disabled while sending and until the page is
 * hydrated (see useHydrated), showing `busyLabel` while sending.
 */
export function SubmitButton({
  busy,
  busyLabel = 'Wird gesendet...',
  children,
  disabled,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  busy: boolean;
  busyLabel?: string;
  variant?: ButtonVariant;
}) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" disabled={busy || !hydrated || disabled} {...props}>
      {busy ? busyLabel : children}
    </Button>
  );
}
