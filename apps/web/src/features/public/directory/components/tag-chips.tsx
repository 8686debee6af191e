import type { PublicTag } from '@housnkuh/shared/schemas/directory';
import { safeColor, visibleTags } from '../vendor-format';

/** The first `max` product tags as chips, and '+N' for the rest. */
export function TagChips({
  tags,
  max,
  label = 'Produkte',
}: {
  tags: readonly PublicTag[];
  max: number;
  /** Names the list for screen readers. */
  label?: string;
}) {
  if (tags.length === 0) return null;
  const { shown, rest } = visibleTags(tags, max);
  const restNames = tags
    .slice(max)
    .map((tag) => tag.name)
    .join(', ');
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {shown.map((tag) => {
        const color = safeColor(tag.color);
        return (
          <li
            key={tag.id}
            className="inline-flex items-center gap-1.5 rounded-full bg-sand px-2.5 py-0.5 text-sm text-navy"
          >
            {color && (
              <span
                aria-hidden="true"
                className="h-2.5 w-2.5 shrink-0 rounded-full"
                style={{ backgroundColor: color }}
              />
            )}
            {tag.name}
          </li>
        );
      })}
      {rest > 0 && (
        <li
          title={restNames}
          className="inline-flex items-center rounded-full border border-gray-400 px-2.5 py-0.5 text-sm text-gray-800"
        >
          <span aria-hidden="true">+{rest}</span>
          <span className="sr-only">
            und {rest} {rest === 1 ? 'weiteres' : 'weitere'}: {restNames}
          </span>
        </li>
      )}
    </ul>
  );
}
