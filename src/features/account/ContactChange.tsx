import { useState, type FormEvent } from 'react';
import type { Profile } from '../../contract/profile';
import { PROFILE_RULES, type ContactKind } from '../../contract/profile-rules';
import { ordersApi } from '../../lib/api/orders';
import { errorMessage } from '../../lib/errors';
import { validateField } from '../../contract/validation';
import { Field } from '../../ui/Field';

interface Props {
  kind: ContactKind;
  profile: Profile;
  xsrf: string;
  /** A code is already on its way (the page was drawn after a no-JavaScript post that sent one). */
  sentTo: string | null;
  onChanged: (profile: Profile) => void;
}

const WORDS = { phone: { what: 'mobile number', input: 'tel' }, email: { what: 'email', input: 'email' } } as const;

/**
 * A new phone or email, or the registration email still unverified: a code goes to it, and nothing changes
 * until that code is entered. Two real forms (/account/details/code, /account/details/verify) without JavaScript.
 */
export default function ContactChange({ kind, profile, xsrf, sentTo: sent, onChanged }: Props) {
  const [sentTo, setSentTo] = useState(sent);
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const current = profile[kind];
  const verified = kind === 'phone' ? profile.phone_verified : profile.email_verified;
  const rule = PROFILE_RULES[kind];

  async function run(event: FormEvent<HTMLFormElement>, work: () => Promise<void>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  const send = (target: string) => (event: FormEvent<HTMLFormElement>) =>
    run(event, async () => {
      const problem = validateField(target, rule);
      if (problem) throw new Error(problem);
      setSentTo((await ordersApi().requestContactCode(kind, target)).to);
    });
  const verify = (event: FormEvent<HTMLFormElement>) =>
    run(event, async () => {
      onChanged(await ordersApi().verifyContact(kind, code.trim()));
      setSentTo(null);
      setValue('');
      setCode('');
    });

  const hidden = (
    <>
      <input type="hidden" name="xsrf" value={xsrf} />
      <input type="hidden" name="kind" value={kind} />
    </>
  );
  const button = 'min-h-11 rounded-full border border-primary px-4 font-medium text-primary disabled:opacity-60';
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-border p-3 text-sm" aria-label={rule.label}>
      <p>
        <span className="font-medium">{rule.label}:</span> <span className="wrap-anywhere" data-contact={kind}>{current}</span>{' '}
        <span className={`ml-1 rounded px-1.5 py-0.5 text-xs ${verified ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}>{verified ? 'Verified' : 'Not verified'}</span>
      </p>
      {sentTo ? (
        <form method="post" action="/account/details/verify" onSubmit={verify} className="flex flex-wrap items-end gap-2">
          {hidden}
          <div className="w-44 max-w-full">
            <Field name="code" label="One-time code" inputMode="numeric" description={`Sent to ${sentTo}`} value={code} onChange={(v) => setCode(String(v ?? ''))} />
          </div>
          <button type="submit" disabled={busy} className={button}>Verify</button>
        </form>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          {!verified && (
            <form method="post" action="/account/details/code" onSubmit={send(current)}>
              {hidden}
              <input type="hidden" name="value" value={current} />
              <button type="submit" disabled={busy} className={button}>Verify this {WORDS[kind].what}</button>
            </form>
          )}
          <form method="post" action="/account/details/code" onSubmit={send(value)} className="flex min-w-0 flex-wrap items-end gap-2">
            {hidden}
            <div className="w-56 max-w-full">
              <Field name="value" label={`New ${WORDS[kind].what}`} type={WORDS[kind].input} inputMode={kind === 'phone' ? 'numeric' : undefined} value={value} onChange={(v) => setValue(String(v ?? ''))} />
            </div>
            <button type="submit" disabled={busy} className={button}>Send code</button>
          </form>
        </div>
      )}
      {error && <p role="alert" className="text-red-700" data-contact-error={kind}>{error}</p>}
    </section>
  );
}
