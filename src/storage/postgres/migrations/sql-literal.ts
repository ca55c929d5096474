/** A SQL string literal, for the constant seed values of migrations only (never request data). */
export function sqlLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
