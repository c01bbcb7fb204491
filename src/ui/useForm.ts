import { useCallback, useRef, useState, type FormEvent } from 'react';
import { validateField, validateForm, type FieldRule } from '../contract/validation';

type Errors<V> = Partial<Record<keyof V & string, string>>;

/**
 * Form state with the product's validation habits (docs/product.md#states): validate on submit; once an error has shown,
 * re-validate a field on every change; reset clears errors and restores the initial values.
 */
export function useForm<V extends Record<string, unknown>>(initial: V, rules: Partial<Record<keyof V & string, FieldRule<V>>>) {
  const initialRef = useRef(initial);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [errorShown, setErrorShown] = useState(false);

  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValues((current) => {
        const next = { ...current, [name]: value };
        if (errorShown && rules[name]) {
          const message = validateField(value, rules[name]!, next);
          setErrors((old) => {
            const updated = { ...old };
            if (message) updated[name] = message;
            else delete updated[name];
            return updated;
          });
        }
        return next;
      });
    },
    [errorShown, rules],
  );

  /** Validates everything; calls `onValid` with the values only when nothing fails. */
  const handleSubmit = (onValid: (values: V) => void | Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    const found = validateForm(values, rules);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setErrorShown(true);
      return;
    }
    await onValid(values);
  };

  const reset = useCallback(() => {
    setValues(initialRef.current);
    setErrors({});
    setErrorShown(false);
  }, []);

  return { values, errors, setValue, handleSubmit, reset, setErrors };
}
