/** The SIS could not be asked who is signing in: sign-in waits rather than guesses. */
export const SIS_UNAVAILABLE = {
  status: 503,
  title: 'Sign-in unavailable',
  detail: 'Your university record cannot be read right now. Please try again in a moment.',
};
