interface Named {
  first_name: string;
  last_name: string;
}

/** The name the portal greets a person by. */
export function displayName(person: Named): string {
  return person.first_name.trim() || person.last_name.trim() || 'there';
}
