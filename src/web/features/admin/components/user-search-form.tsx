import { useState, type FormEvent } from 'react';
import { EMAIL_MAX_LENGTH } from '../../../../shared/rules/email.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

/** Spec 2 §2 'Email search', by the button or the Enter key; blank text searches nothing. */
export function UserSearchForm({
  onSearch,
  isSearching,
}: {
  onSearch: (email: string) => void;
  isSearching: boolean;
}) {
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = email.trim();
    if (text) onSearch(text);
  };
  return (
    <form role="search" onSubmit={submit} className="flex items-end gap-3">
      <TextField
        label="Search user by email"
        type="search"
        className="flex-1"
        value={email}
        maxLength={EMAIL_MAX_LENGTH}
        onChange={(event) => setEmail(event.target.value)}
        placeholder="learner@example.com"
      />
      <Button type="submit" disabled={isSearching || !email.trim()}>
        Search
      </Button>
    </form>
  );
}
