/**
 * A secret held so that no log line, JSON or template prints it: only `reveal()` gives the value,
 * and the one caller is the Ethos client's auth exchange.
 */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toJSON(): string {
    return '(secret)';
  }
  toString(): string {
    return '(secret)';
  }
}
