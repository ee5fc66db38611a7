// One copy of each repeated text and list while the catalogue is read (decision 0052). JSON.parse gives every row
// its own copy of "Length", "Honey Blonde", [320, 640, 960] or ["Hair Type", "100% Remy Human Hair"]; with 10,000
// products those copies were a third of the catalogue's memory. An interner lives for one read of the catalogue.

export interface Interner {
  /** The one copy of this text. */
  text(value: string): string;
  /** The one copy of a list equal to this one (frozen: every product that has it shares it), its texts shared too. */
  list<T extends string | number>(values: readonly T[]): readonly T[];
}

export function createInterner(): Interner {
  const texts = new Map<string, string>();
  const lists = new Map<string, readonly (string | number)[]>();
  const text = (value: string): string => {
    const known = texts.get(value);
    if (known !== undefined) return known;
    texts.set(value, value);
    return value;
  };
  return {
    text,
    list<T extends string | number>(values: readonly T[]): readonly T[] {
      // JSON tells ["1", 2] from [1, "2"] and ["a,b"] from ["a", "b"], which a join would not.
      const key = JSON.stringify(values);
      let known = lists.get(key);
      if (!known) {
        known = Object.freeze(values.map((value) => (typeof value === "string" ? text(value) : value)));
        lists.set(key, known);
      }
      return known as readonly T[];
    },
  };
}
