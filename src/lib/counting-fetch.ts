/**
 * A fetch that counts its calls still under way (issue 75): a server render draws again only once
 * its calls have answered, and the browser takes over a drawn page only once its own have
 * (lib/settle.ts).
 */
export function countingFetch(base: typeof fetch): { fetch: typeof fetch; busy: () => number } {
  let under = 0;
  return {
    busy: () => under,
    fetch: async (input, init) => {
      under += 1;
      try {
        return await base(input, init);
      } finally {
        under -= 1;
      }
    },
  };
}

/**
 * A server render's fetch that hands every answer it read (a GET's JSON) to `keep`, by the address
 * asked: the page carries them, so the browser's takeover asks for none of them again.
 */
export const keepingAnswers =
  (base: typeof fetch, keep: (url: string, body: unknown) => void): typeof fetch =>
  async (input, init) => {
    const response = await base(input, init);
    const asked = new Request(input, init);
    if (asked.method === 'GET' && response.ok) {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => undefined);
      if (body !== undefined) keep(asked.url, body);
    }
    return response;
  };
