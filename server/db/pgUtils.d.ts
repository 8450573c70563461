// node-postgres's own parameter conversion (pg/lib/utils.js), which its package types do not declare.
declare module 'pg/lib/utils' {
  /** A JS value as node-postgres sends it: null, a Buffer (binary), or text (dates, arrays, JSON objects). */
  export function prepareValue(value: unknown): string | Buffer | null;
}
