import { useEffect, useMemo, useRef } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * A field whose element the kit keeps itself (a money text, a list of
 * checkboxes) rather than an input react-hook-form reads: registered with a
 * stand-in element, so a failed check focuses it, and set with `set`, which
 * checks it again while it is in error. (react-hook-form's useController would
 * do the same, but its code would then travel with every public form.)
 */
export function useKeptField<T extends FieldValues, C>(
  form: UseFormReturn<T, C, unknown>,
  name: Path<T>,
) {
  const element = useRef<HTMLInputElement | null>(null);
  const setting = useRef(false);
  const standIn = useMemo(() => ({ focus: () => element.current?.focus() }), []);
  useEffect(() => {
    form.register(name).ref(standIn);
  }, [form, name, standIn]);
  return {
    /** The ref of the element that takes the focus. */
    element,
    /** Sets the value as the person's input. */
    set: (value: PathValue<T, Path<T>>) => {
      setting.current = true;
      try {
        form.setValue(name, value, {
          shouldDirty: true,
          shouldValidate: form.getFieldState(name).invalid,
        });
      } finally {
        setting.current = false;
      }
    },
    /** True while `set` runs (a watcher then knows the change is the field's own). */
    setting,
  };
}
