/** Whether a template is the admin's version or the default. */
export function CustomBadge({ custom }: { custom: boolean }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-sm font-semibold ${custom ? 'bg-amber-100 text-amber-950' : 'bg-gray-100 text-gray-900'}`}
    >
      {custom ? 'Angepasst' : 'Standardtext'}
    </span>
  );
}
