/**
 * An effect of the Next Steps list or one of its children that the composition root provides
 * (src/next-steps.tsx, through each machine's own `…With`); tests provide fakes. Unprovided, it
 * fails, naming itself.
 */
import { fromPromise } from 'xstate';

export const provided = <Output, Input = void>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is provided by the composition root`);
  });
