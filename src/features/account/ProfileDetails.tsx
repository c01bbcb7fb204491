import { useState, type FormEvent } from 'react';
import type { Profile } from '../../contract/profile';
import type { ContactKind } from '../../contract/profile-rules';
import { ordersApi } from '../../lib/api/orders';
import { errorMessage } from '../../lib/errors';
import { validateField } from '../../contract/validation';
import { Field } from '../../ui/Field';
import { account as accountWords } from '../../lib/i18n/messages/en/account';
import { english, speak, type Words } from '../../lib/i18n/words';
import ContactChange, { contactRule } from './ContactChange';
import { linkIn } from './page-language';

interface Props {
  profile: Profile;
  xsrf: string;
  /** A code already sent (after a no-JavaScript post): to which kind, and where (masked). */
  pending: { kind: ContactKind; to: string } | null;
  /** The account's words in the page's language (absent: English). */
  words?: Words<typeof accountWords>;
}

/** /account/details: the name (changed directly), and the mobile number and email (changed by a code). */
export default function ProfileDetails({ profile: initial, xsrf, pending, words }: Props) {
  const say = speak(words ?? english(accountWords));
  const nameRule = contactRule('name', say, Boolean(words));
  const [profile, setProfile] = useState(initial);
  const [name, setName] = useState(initial.name);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  async function saveName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateField(name, nameRule);
    if (problem) return setMessage({ text: problem, error: true });
    try {
      setProfile(await ordersApi().updateProfile(name.trim()));
      setMessage({ text: say('account.nameSaved'), error: false });
    } catch (failure) {
      setMessage({ text: errorMessage(failure), error: true });
    }
  }
  const changed = (next: Profile) => {
    setProfile(next);
    setMessage({ text: say('account.verifiedSaved'), error: false });
  };

  return (
    <div className="flex max-w-xl flex-col gap-4">
      <form method="post" action={linkIn(words, '/account/details/name')} onSubmit={saveName} className="flex flex-wrap items-end gap-2 text-sm">
        <input type="hidden" name="xsrf" value={xsrf} />
        <div className="w-64 max-w-full">
          <Field name="name" label={nameRule.label} required value={name} onChange={(v) => setName(String(v ?? ''))} />
        </div>
        <button type="submit" className="min-h-11 rounded-full bg-primary px-5 font-medium text-primary-foreground">{say('account.saveName')}</button>
      </form>
      {message && <p role={message.error ? 'alert' : 'status'} className={`text-sm ${message.error ? 'text-red-700' : 'text-green-800'}`} data-profile-message>{message.text}</p>}
      {(['phone', 'email'] as const).map((kind) => (
        <ContactChange key={kind} kind={kind} profile={profile} xsrf={xsrf} sentTo={pending?.kind === kind ? pending.to : null} onChanged={changed} words={words} />
      ))}
    </div>
  );
}
