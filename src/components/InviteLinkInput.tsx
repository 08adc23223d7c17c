// The invite-link control of every form that asks for one (submission, owner's edit, new link, claim,
// legal notice): a URL keyboard on phones and the shape of the link as placeholder.
import type { InputHTMLAttributes } from 'react';
import { TextInput } from './ui/Field.tsx';

export function InviteLinkInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <TextInput type="url" inputMode="url" placeholder="https://chat.whatsapp.com/..." {...props} />;
}
