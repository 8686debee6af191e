import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Input that arrives while a page is still the server's HTML – a paste, the
 * browser's autofill, a password manager, a quick tap on a choice – lands in
 * the field, but React takes the field over with it and sends no change for
 * it: a controlled field then shows a value its state does not have, and the
 * page never applies it. These hooks read the fields once React has taken the
 * page over (a layout effect on mount, before anything renders again and could
 * put the rendered value back) and hand what differs to the page as if it had
 * just been entered – in an effect, when the page's own hooks are ready (React
 * Router's navigate, for one, ignores calls made before). On a page rendered in
 * the browser they find nothing to do.
 *
 * Fields registered with react-hook-form need none of this: it keeps a value
 * edited before its form was ready.
 */

type ValueField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * For a controlled text field or select: `value` is what the page rendered,
 * `onValue` gets the field's value when it differs. Returns the field's ref.
 */
export function useEarlyValue<E extends ValueField>(
  value: string,
  onValue: (value: string) => void,
): RefObject<E | null> {
  const ref = useRef<E>(null);
  const rendered = useRef({ value, onValue });
  const entered = useRef<string | null>(null);
  useLayoutEffect(() => {
    const field = ref.current;
    if (field && field.value !== rendered.current.value) entered.current = field.value;
  }, []);
  useEffect(() => {
    if (entered.current !== null) rendered.current.onValue(entered.current);
  }, []);
  return ref;
}

/**
 * For controlled radio buttons and checkboxes inside the returned ref's
 * element (a fieldset): `onChosen` gets each radio button that was chosen and
 * each checkbox that was ticked or cleared before React took over (their state
 * differs from the one rendered, which React keeps as `defaultChecked`).
 */
export function useEarlyChoices<E extends HTMLElement>(
  onChosen: (input: HTMLInputElement) => void,
): RefObject<E | null> {
  const ref = useRef<E>(null);
  const rendered = useRef(onChosen);
  const chosen = useRef<HTMLInputElement[]>([]);
  useLayoutEffect(() => {
    const inputs = ref.current?.querySelectorAll<HTMLInputElement>(
      'input[type="radio"], input[type="checkbox"]',
    );
    chosen.current = [...(inputs ?? [])].filter(
      (input) =>
        input.checked !== input.defaultChecked && (input.type === 'checkbox' || input.checked),
    );
  }, []);
  useEffect(() => {
    for (const input of chosen.current) rendered.current(input);
  }, []);
  return ref;
}
