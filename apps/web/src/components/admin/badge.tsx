const TONES = {
  good: 'bg-green-100 text-green-900',
  warn: 'bg-amber-100 text-amber-950',
  bad: 'bg-red-100 text-red-900',
  plain: 'bg-gray-100 text-gray-900',
} as const;

/** A state as a small coloured label (never a button). */
export function Badge({
  tone,
  className,
  children,
}: {
  tone: keyof typeof TONES;
  /** e.g. break-normal inside a line that breaks anywhere */
  className?: string;
  children: string;
}) {
  const base = 'inline-block rounded-full px-2 py-0.5 text-sm font-semibold';
  return (
    <span className={`${className ? `${base} ${className}` : base} ${TONES[tone]}`}>
      {children}
    </span>
  );
}
