import { useState, type FormEvent } from 'react';
import { Username, USERNAME_RULE, USERNAME_TAKEN, type Role, type SignInLink } from '#contract/team';
import { useAddStaffMember } from '../api/staff.ts';
import { FormSubmit } from './form-submit.tsx';
import { failureMessage, roleNames } from '../utils/team-texts.ts';
import { Field } from './field.tsx';
import { SignInLinkBox } from './sign-in-link-box.tsx';

/** "Add a staff member": a username and a role; the server answers with the account's one-time sign-in link. */
export function AddStaffMember() {
  const add = useAddStaffMember();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [usernameError, setUsernameError] = useState<string>();
  const [added, setAdded] = useState<{ username: string; link: SignInLink } | null>(null);
  const serverError = add.isError ? failureMessage(add.error, 'Could not add the staff member') : undefined;
  const fieldError = usernameError ?? (serverError === USERNAME_TAKEN || serverError === USERNAME_RULE ? serverError : undefined);
  const formError = fieldError === undefined ? serverError : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.reset();
    setAdded(null);
    const parsed = Username.safeParse(username);
    if (!parsed.success) {
      setUsernameError(USERNAME_RULE);
      return;
    }
    setUsernameError(undefined);
    add.mutate(
      { username: parsed.data, role },
      {
        onSuccess: ({ member, link }) => {
          setAdded({ username: member.username, link });
          setUsername('');
        },
      },
    );
  };

  return (
    <section className="card staff-add" aria-labelledby="staff-add-title">
      <h2 id="staff-add-title" className="staff-add__title">
        Add a staff member
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        <Field
          label="Username"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          error={fieldError}
          onChange={(event) => setUsername(event.target.value)}
        />
        <div className="form__field">
          <label htmlFor="staff-add-role">Role</label>
          <select id="staff-add-role" value={role} onChange={(event) => setRole(event.target.value as Role)}>
            <option value="staff">{roleNames.staff}</option>
            <option value="owner">{roleNames.owner}</option>
          </select>
        </div>
        <FormSubmit label="Create sign-in link" pending={add.isPending} error={formError} />
      </form>
      <div aria-live="polite">{added && <SignInLinkBox username={added.username} {...added.link} />}</div>
    </section>
  );
}
