import { useEffect, useRef, useState } from 'react';
import { forgetWantedPath, rememberWantedPath } from './remember-wanted-path';

interface Props {
  /** The wanted path the page knows from its URL or the posted form ('' when none). */
  value: string;
  /** On the code screen: a sent form ends the wait for sign-in, so the remembered path is forgotten. */
  forgetOnSubmit?: boolean;
}

/**
 * The sign-in forms' hidden `redirect` field: the page the guard turned the shopper away from. The server draws
 * it from the URL; once awake, the island remembers that path in session storage (the product's
 * redirect-after-login key) and fills the field from there when the URL lost it (a new tab, a link without it).
 */
export default function WantedPath({ value, forgetOnSubmit = false }: Props) {
  const [wanted, setWanted] = useState(value);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const saved = rememberWantedPath();
    if (!value && saved) setWanted(saved);
  }, [value]);
  useEffect(() => {
    const form = field.current?.form;
    if (!forgetOnSubmit || !form) return;
    form.addEventListener('submit', forgetWantedPath);
    return () => form.removeEventListener('submit', forgetWantedPath);
  }, [forgetOnSubmit]);
  return <input ref={field} type="hidden" name="redirect" value={wanted} />;
}
