// Column builders the migrations share: a whole number defaulting to 0, a string defaulting to ''.
export const now0 = (c: any) => c.notNull().defaultTo(0);
export const str = (c: any) => c.notNull().defaultTo('');
