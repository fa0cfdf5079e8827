/** portal.md §5: class standing "Transfer" is shown as "Freshman - Awaiting Transfer Credits". */
export function classStandingLabel(standing: string | null | undefined): string {
  const value = standing?.trim();
  if (!value) return 'No Class Standing/Not Applicable';
  return value === 'Transfer' ? 'Freshman - Awaiting Transfer Credits' : value;
}
