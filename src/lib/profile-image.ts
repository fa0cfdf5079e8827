import type { User } from '../../contract/user.schema.js';

/** The fields of the user record (portal.md §3 User) a picture is made from. */
type Pictured = Pick<User, 'first_name' | 'last_name' | 'username' | 'photo'> & {
  preferences: Pick<User['preferences'], 'use_profile_photo'>;
};

export type ProfileImage = { kind: 'photo'; src: string } | { kind: 'initials'; text: string };

const firstLetter = (word: string) => word.trim().charAt(0).toUpperCase();

/** Initials of first and last name; with no name, the username's first letter; else "?". */
export function initialsOf(person: Omit<Pictured, 'photo' | 'preferences'>): string {
  const initials = firstLetter(person.first_name) + firstLetter(person.last_name);
  return initials || firstLetter(person.username) || '?';
}

/**
 * portal.md §4 Profile photo preference: the ID photo when use_profile_photo is on and a photo
 * exists; initials otherwise.
 */
export function profileImageOf(person: Pictured): ProfileImage {
  if (person.preferences.use_profile_photo && person.photo)
    return { kind: 'photo', src: person.photo };
  return { kind: 'initials', text: initialsOf(person) };
}
