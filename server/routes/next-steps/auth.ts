export const NOT_FOUND = { detail: 'Not found.' } as const;
export const PREFIX = '/next-steps/api';
