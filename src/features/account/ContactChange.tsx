import { useState, type FormEvent } from 'react';
import type { Profile } from '../../contract/profile';
import { PROFILE_RULES, type ContactKind } from '../../contract/profile-rules';
import type { FieldRule } from '../../contract/validation';
import { account as accountWords } from '../../lib/i18n/messages/en/account';
import { english, speak, type Say, type Words } from '../../lib/i18n/words';
import { linkIn } from './page-language';
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
  /** The account's words in the page's language (absent: English). */
  words?: Words<typeof accountWords>;
}

const INPUT = { phone: 'tel', email: 'email' } as const;
const WORDS = {
  phone: { verify: 'account.verifyPhone', new: 'account.newPhone', label: 'account.phone' },
  email: { verify: 'account.verifyEmail', new: 'account.newEmail', label: 'account.email' },
} as const;

/**
 * A profile field's rule in the page's words: English keeps the shared rule (contract/profile-rules) as it is;
 * another language names the field in its words and says the same three failures (required, not an email, not
 * in the pattern) in them.
 */
export function contactRule(kind: keyof typeof PROFILE_RULES, say: Say<keyof typeof accountWords>, translate: boolean): FieldRule & { label: string } {
  const rule: FieldRule & { label: string } = PROFILE_RULES[kind];
  if (!translate) return rule;
  const label = say(kind === 'name' ? 'account.name' : WORDS[kind].label);
  return {
    ...rule,
    label,
    validate: (value) => {
      const problem = validateField(value, { ...rule, validate: undefined });
      if (!problem) return null;
      if (String(value ?? '').trim() === '') return say('account.required', { label });
      return say(rule.type === 'email' ? 'account.invalidEmail' : 'account.invalid', { label });
    },
  };
}

/**
 * A new phone or email, or the registration email still unverified: a code goes to it, and nothing changes
 * until that code is entered. Two real forms (/account/details/code, /account/details/verify) without JavaScript.
 */
export default function ContactChange({ kind, profile, xsrf, sentTo: sent, onChanged, words }: Props) {
  const say = speak(words ?? english(accountWords));
  const link = (path: string) => linkIn(words, path);
  const [sentTo, setSentTo] = useState(sent);
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const current = profile[kind];
  const verified = kind === 'phone' ? profile.phone_verified : profile.email_verified;
  const rule = contactRule(kind, say, Boolean(words));

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
        <span className={`ml-1 rounded px-1.5 py-0.5 text-xs ${verified ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}>{verified ? say('account.verified') : say('account.notVerified')}</span>
      </p>
      {sentTo ? (
        <form method="post" action={link('/account/details/verify')} onSubmit={verify} className="flex flex-wrap items-end gap-2">
          {hidden}
          <div className="w-44 max-w-full">
            <Field name="code" label={say('account.code')} inputMode="numeric" description={say('account.sentTo', { to: sentTo })} value={code} onChange={(v) => setCode(String(v ?? ''))} />
          </div>
          <button type="submit" disabled={busy} className={button}>{say('account.verify')}</button>
        </form>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          {!verified && (
            <form method="post" action={link('/account/details/code')} onSubmit={send(current)}>
              {hidden}
              <input type="hidden" name="value" value={current} />
              <button type="submit" disabled={busy} className={button}>{say(WORDS[kind].verify)}</button>
            </form>
          )}
          <form method="post" action={link('/account/details/code')} onSubmit={send(value)} className="flex min-w-0 flex-wrap items-end gap-2">
            {hidden}
            <div className="w-56 max-w-full">
              <Field name="value" label={say(WORDS[kind].new)} type={INPUT[kind]} inputMode={kind === 'phone' ? 'numeric' : undefined} value={value} onChange={(v) => setValue(String(v ?? ''))} />
            </div>
            <button type="submit" disabled={busy} className={button}>{say('account.sendCode')}</button>
          </form>
        </div>
      )}
      {error && <p role="alert" className="text-red-700" data-contact-error={kind}>{error}</p>}
    </section>
  );
}
